// The workbench page: state from the server, the controls, and the flows (paint, detect,
// straighten, remove, compare, save). The server holds the truth: every action answers with
// the whole state, which `apply` renders.
import * as api from './api.js';
import { Straighten } from './straighten.js';
import { Tools } from './tools.js';
import { View } from './view.js';

const timings = { start: performance.now(), firstFullView: null };
// The token came in the URL once; the cookie carries it from now on.
history.replaceState(null, '', '/');

const $ = (role) => document.querySelector(`[data-role="${role}"]`);
const button = (name) => document.querySelector(`[data-action="${name}"]`);
const statusBar = $('status');

let state = null;
let providers = [];
let localError = null; // a refusal the server did not record as the status
let pollTimer = null;
let planTimer = null;
let planKey = '';

const view = new View($('image'));
view.onReady = () => {
  if (timings.firstFullView === null) timings.firstFullView = performance.now();
};
const straighten = new Straighten(view, {
  panel: $('straighten-panel'), margin: $('margin'), marginLabel: $('margin-label'), info: $('straighten-info'),
  onState: apply, onError: fail,
});
const tools = new Tools(view, $('live'), $('cursor'), {
  stroke: sendStroke,
  canPaint: () => Boolean(state && state.image) && !straighten.active,
  intercept: (e) => straighten.intercept(e),
});
view.decorations.unshift(() => {
  if (view.maskComplete) tools.settle(view.revisions.mask);
  $('zoom').textContent = `${Math.round(view.scale * 100)} %`;
});

// For automation and the benchmark: geometry and timings, never anything secret.
window.deglare = {
  view, tools, straighten, timings,
  imageToClient: (x, y) => view.imageToClient(x, y),
  get state() { return state; },
};

// MARK: - State

function apply(next) {
  if (!next) return;
  state = next;
  localError = null;
  const image = next.image;
  $('empty').hidden = Boolean(image);
  if (image) view.setImage(image);
  if (next.mask) view.setRevision('mask', next.mask.revision, next.mask.changed, next.mask.changed_since);
  view.hasProposal = Boolean(next.proposal);
  if (next.proposal) view.setRevision('proposal', next.proposal.revision);
  const hadResult = Boolean(view.resultCrop);
  view.resultCrop = next.result ? next.result.crop : null;
  if (next.result) view.setRevision('result', next.result.revision);
  else view.showBefore = false;
  if (hadResult !== Boolean(next.result)) {
    // The result is seen without the tint over it; editing brings the tint back.
    view.showMask = !next.result;
    $('show-mask').checked = view.showMask;
  }
  view.requestRender();
  renderStatus();
  renderControls();
  schedulePoll();
  schedulePlan();
}

function renderStatus() {
  if (localError) {
    statusBar.dataset.state = 'error';
    statusBar.textContent = localError;
    return;
  }
  if (!state) return;
  const status = state.status;
  statusBar.dataset.state = status.state;
  let text = status.message;
  if (status.state === 'working' && typeof status.elapsed === 'number') text += ` ${Math.floor(status.elapsed)} s`;
  statusBar.textContent = text;
}

function renderControls() {
  const image = state && state.image;
  const mask = state && state.mask;
  const working = state && state.status.state === 'working';
  const busy = Boolean(state && state.busy);
  const hasProposal = Boolean(state && state.proposal);
  const hasResult = Boolean(state && state.result);
  const editing = Boolean(image) && !straighten.active;
  button('brush').disabled = !editing;
  button('erase').disabled = !editing;
  button('undo').disabled = !editing || !mask || !mask.can_undo;
  button('redo').disabled = !editing || !mask || !mask.can_redo;
  button('clear').disabled = !editing || !mask || (mask.inside === 0 && !hasProposal);
  button('detect').disabled = !editing || busy;
  button('keep').hidden = !hasProposal;
  button('drop').hidden = !hasProposal;
  button('load-mask').disabled = !editing;
  button('save-mask').disabled = !editing || !mask || mask.inside === 0;
  button('straighten').disabled = !image || busy || working || straighten.active;
  button('revert').hidden = !(image && image.straightened);
  button('fit').disabled = !image;
  button('actual').disabled = !image;
  button('remove').disabled = !editing || !mask || mask.inside === 0 || hasProposal || working;
  button('cancel').disabled = !working || state.busy === 'saving';
  $('progress').hidden = !working;
  button('compare').disabled = !hasResult;
  $('split').disabled = !hasResult;
  button('save').disabled = !hasResult || working;
  button('compare').setAttribute('aria-pressed', String(view.showBefore));
  button('compare').textContent = view.showBefore ? 'Before / after: before' : 'Before / after: after';
  $('output').textContent = image ? `Save writes ${image.output} and ${image.output.replace(/\.[^.]*$/, '')}.mask.png.` : '';
  const images = $('images');
  if (image && images.value !== image.name) images.value = image.name;
}

function schedulePoll() {
  clearTimeout(pollTimer);
  if (state && (state.status.state === 'working' || state.busy)) {
    pollTimer = setTimeout(async () => {
      try {
        apply(await api.get('state'));
      } catch (error) {
        fail(error);
      }
    }, 250);
  }
}

/** Shows a refusal; the server's state, when it sent one, is applied first. */
function fail(error) {
  if (error.state) apply(error.state);
  localError = error.message.charAt(0).toUpperCase() + error.message.slice(1).replace(/([^.])$/, '$1.');
  renderStatus();
}

async function act(path, params) {
  try {
    const answer = await api.post(path, params);
    apply(answer.state);
    return answer;
  } catch (error) {
    fail(error);
    return null;
  }
}

// MARK: - Painting

let strokeChain = Promise.resolve();

/** Sends a stroke (in order after the previous ones); resolves to the mask revision holding it. */
function sendStroke(stroke) {
  const points = new DataView(new ArrayBuffer(stroke.points.length * 16));
  stroke.points.forEach((point, index) => {
    points.setFloat64(index * 16, point.x, true);
    points.setFloat64(index * 16 + 8, point.y, true);
  });
  const run = async () => {
    try {
      const answer = await api.post('stroke', { mode: stroke.mode, radius: stroke.radius }, points.buffer);
      apply(answer.state);
      return answer.state.mask.revision;
    } catch (error) {
      fail(error);
      return null;
    }
  };
  const sent = strokeChain.then(run);
  strokeChain = sent;
  return sent;
}

function setTool(tool) {
  tools.tool = tool;
  button('brush').setAttribute('aria-pressed', String(tool === 'brush'));
  button('erase').setAttribute('aria-pressed', String(tool === 'erase'));
}

function setSize(size) {
  tools.size = Math.max(1, Math.min(150, Math.round(size)));
  $('size').value = String(tools.size);
  $('size-label').textContent = `${tools.size} px`;
}

button('brush').addEventListener('click', () => setTool('brush'));
button('erase').addEventListener('click', () => setTool('erase'));
$('size').addEventListener('input', () => setSize(Number($('size').value)));
button('undo').addEventListener('click', () => strokeChain.then(() => act('undo')));
button('redo').addEventListener('click', () => strokeChain.then(() => act('redo')));
button('clear').addEventListener('click', () => strokeChain.then(() => act('clear')));
button('detect').addEventListener('click', () => act('detect'));
button('keep').addEventListener('click', () => act('proposal/keep'));
button('drop').addEventListener('click', () => act('proposal/drop'));
$('show-mask').addEventListener('change', () => {
  view.showMask = $('show-mask').checked;
  view.requestRender();
});
button('fit').addEventListener('click', () => view.fit());
button('actual').addEventListener('click', () => view.actualSize());

// MARK: - Files

button('load-mask').addEventListener('click', () => $('mask-file').click());
$('mask-file').addEventListener('change', async () => {
  const file = $('mask-file').files[0];
  $('mask-file').value = '';
  if (!file) return;
  try {
    apply((await api.post('mask/load', {}, await file.arrayBuffer())).state);
  } catch (error) {
    fail(error);
  }
});

let confirmAction = null;

/** Runs a save; when its file exists, asks before replacing it. */
async function saveWith(path) {
  const attempt = async (overwrite) => {
    try {
      apply((await api.post(path, { overwrite: overwrite ? 1 : 0 })).state);
    } catch (error) {
      if (error.status === 409 && / exists$/.test(error.message) && !overwrite) {
        $('confirm-text').textContent = `${error.message}. Replace it?`;
        $('confirm').hidden = false;
        confirmAction = () => attempt(true);
        if (error.state) apply(error.state);
      } else {
        fail(error);
      }
    }
  };
  $('confirm').hidden = true;
  await attempt(false);
}

button('save').addEventListener('click', () => saveWith('save'));
button('save-mask').addEventListener('click', () => strokeChain.then(() => saveWith('mask/save')));
button('replace').addEventListener('click', () => {
  $('confirm').hidden = true;
  if (confirmAction) confirmAction();
  confirmAction = null;
});
button('keep-file').addEventListener('click', () => {
  $('confirm').hidden = true;
  confirmAction = null;
});

$('images').addEventListener('change', () => {
  const name = $('images').value;
  if (state && state.image && state.image.name === name) return;
  straighten.stop();
  act('open', { name });
});
button('revert').addEventListener('click', () => act('open', { name: state.image.name }));

async function loadImages() {
  try {
    const names = await api.get('images');
    const select = $('images');
    select.replaceChildren(...names.map((name) => new Option(name, name)));
    if (!state || !state.image) select.prepend(new Option('Choose a photo…', '', true, true));
    renderControls();
  } catch (error) {
    fail(error);
  }
}

// MARK: - Straighten

button('straighten').addEventListener('click', async () => {
  try {
    await straighten.start();
    renderControls();
  } catch (error) {
    fail(error);
  }
});
button('straighten-apply').addEventListener('click', async () => {
  try {
    await straighten.apply();
  } catch (error) {
    fail(error);
  }
  renderControls();
});
button('straighten-cancel').addEventListener('click', () => {
  straighten.stop();
  renderControls();
});

// MARK: - Remove

function selectedProvider() {
  return providers.find((provider) => provider.name === $('provider').value);
}

function renderProviders() {
  const select = $('provider');
  for (const option of select.options) {
    const provider = providers.find((p) => p.name === option.value);
    if (!provider) continue;
    option.textContent = provider.leaves_machine
      ? `${provider.label} — ${provider.available ? 'key available' : 'no key'}`
      : provider.label;
  }
  renderOptions();
}

function renderOptions() {
  const provider = selectedProvider();
  if (!provider) return;
  $('key-source').textContent = provider.leaves_machine
    ? `${provider.source}. The crop around the mask is sent to ${provider.label} only when you press Remove.`
    : provider.source;
  $('option-label').textContent = provider.leaves_machine ? 'Model' : 'Method';
  const select = $('option');
  const current = select.dataset.provider === provider.name ? select.value : provider.default;
  select.replaceChildren(...provider.options.map((name) => new Option(name, name)));
  select.value = provider.options.includes(current) ? current : provider.default;
  select.dataset.provider = provider.name;
  schedulePlan(true);
}

async function loadProviders() {
  try {
    providers = await api.get('providers');
    renderProviders();
  } catch (error) {
    fail(error);
  }
}

$('provider').addEventListener('change', renderOptions);
$('provider').addEventListener('focus', loadProviders);
$('option').addEventListener('change', () => schedulePlan(true));

/** Refreshes "what will be sent" when the mask, provider or option changed. */
function schedulePlan(force = false) {
  const mask = state && state.mask;
  const key = `${mask ? mask.revision : ''}/${$('provider').value}/${$('option').value}`;
  if (!force && key === planKey) return;
  planKey = key;
  clearTimeout(planTimer);
  if (!mask || mask.inside === 0 || (state && state.proposal)) {
    view.planCrop = null;
    $('plan').textContent = state && state.proposal
      ? 'Keep or drop the proposal first; then this shows what will be sent.'
      : 'Paint over the glare to see what will be sent.';
    view.requestRender();
    return;
  }
  planTimer = setTimeout(async () => {
    try {
      const answer = await api.post('plan', { provider: $('provider').value, option: $('option').value });
      describePlan(answer.plan);
    } catch (error) {
      $('plan').textContent = error.message;
    }
  }, 300);
}

function bytes(count) {
  if (count >= 1e6) return `${(count / 1e6).toFixed(1)} MB`;
  if (count >= 1e3) return `${Math.round(count / 1e3)} KB`;
  return `${count} B`;
}

function describePlan(plan) {
  const [x, y, w, h] = plan.crop;
  const [uw, uh] = plan.upload_size;
  view.planCrop = plan.crop;
  view.requestRender();
  if (!plan.leaves_machine) {
    $('plan').textContent =
      `Nothing leaves this machine: the local ${plan.method} method repaints the ${w}x${h} crop at (${x}, ${y}) ` +
      `around ${plan.masked_pixels} masked pixels.`;
    return;
  }
  const files = plan.files.map((file) => `${file.name} ${bytes(file.bytes)}`).join(', ');
  $('plan').textContent =
    `${plan.provider} (${plan.model}) receives the ${w}x${h} crop at (${x}, ${y}) and its mask, sent as ` +
    `${uw}x${uh}${plan.aspect_ratio ? ` (${plan.aspect_ratio})` : ''}: ${files}. ` +
    'The rest of the photo stays on this machine.';
}

button('remove').addEventListener('click', () =>
  strokeChain.then(() => act('remove', { provider: $('provider').value, option: $('option').value })));
button('cancel').addEventListener('click', () => act('cancel'));

// MARK: - Compare

let pressStart = 0;
let wasBefore = false;
const compare = button('compare');
compare.addEventListener('pointerdown', () => {
  if (compare.disabled) return;
  pressStart = performance.now();
  wasBefore = view.showBefore;
  view.showBefore = true;
  view.requestRender();
});
const compareEnd = () => {
  if (!pressStart) return;
  const held = performance.now() - pressStart > 300;
  pressStart = 0;
  // A click switches; a press held longer shows the original only while held.
  view.showBefore = held ? wasBefore : !wasBefore;
  view.requestRender();
  renderControls();
};
compare.addEventListener('pointerup', compareEnd);
compare.addEventListener('pointerleave', compareEnd);
compare.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    view.showBefore = !view.showBefore;
    view.requestRender();
    renderControls();
  }
});
$('split').addEventListener('input', () => {
  view.split = Number($('split').value) / 100;
  view.requestRender();
});

// MARK: - Keys

window.addEventListener('keydown', (e) => {
  const target = e.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  const control = e.ctrlKey || e.metaKey;
  if (control && e.key.toLowerCase() === 'z') {
    e.preventDefault();
    button(e.shiftKey ? 'redo' : 'undo').click();
  } else if (control && e.key.toLowerCase() === 'y') {
    e.preventDefault();
    button('redo').click();
  } else if (!control && e.key === 'b') setTool('brush');
  else if (!control && e.key === 'e') setTool('erase');
  else if (!control && e.key === 'f') view.fit();
  else if (!control && e.key === '1') view.actualSize();
  else if (e.key === '[') setSize(tools.size / 1.25);
  else if (e.key === ']') setSize(tools.size * 1.25);
});

// MARK: - Start

setTool('brush');
setSize(16);
(async () => {
  try {
    apply(await api.get('state'));
  } catch (error) {
    fail(error);
  }
  await Promise.all([loadImages(), loadProviders()]);
  if (state) $('provider').value = state.provider;
  renderOptions();
})();
