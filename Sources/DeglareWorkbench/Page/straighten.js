// The optional first step for a raw photo: the detected frame corners as handles over the
// photo, a margin slider, and Apply (the server warps the photo; editing continues on the
// straightened one).
import * as api from './api.js';

const HANDLE = 9; // handle radius in CSS pixels

export class Straighten {
  /**
   * @param {import('./view.js').View} view
   * @param {{panel: HTMLElement, margin: HTMLInputElement, marginLabel: HTMLElement,
   *          info: HTMLElement, onState: (state: object) => void, onError: (error: Error) => void}} ui
   */
  constructor(view, ui) {
    this.view = view;
    this.ui = ui;
    this.active = false;
    this.corners = null; // [[x, y] x4]: top-left, top-right, bottom-right, bottom-left
    this.expanded = null;
    this.dragging = -1;
    this.planTimer = null;
    view.decorations.push((ctx) => this.draw(ctx));
    ui.margin.addEventListener('input', () => {
      ui.marginLabel.textContent = `${ui.margin.value} px`;
      this.schedulePlan();
    });
    const canvas = view.canvas;
    canvas.addEventListener('pointermove', (e) => {
      if (this.dragging < 0) return;
      const point = view.clientToImage(e.clientX, e.clientY);
      const width = view.image.width - 1;
      const height = view.image.height - 1;
      this.corners[this.dragging] = [Math.min(width, Math.max(0, point.x)), Math.min(height, Math.max(0, point.y))];
      view.requestRender();
      this.schedulePlan();
    });
    const release = () => { this.dragging = -1; };
    canvas.addEventListener('pointerup', release);
    canvas.addEventListener('pointercancel', release);
  }

  /** Whether a pointer press grabbed a handle (then it moves the handle, not the brush). */
  intercept(e) {
    if (!this.active || !this.corners) return false;
    const box = this.view.canvas.getBoundingClientRect();
    const x = e.clientX - box.left;
    const y = e.clientY - box.top;
    for (let index = 0; index < 4; index++) {
      const point = this.view.toScreen(this.corners[index][0], this.corners[index][1]);
      if (Math.hypot(point.x - x, point.y - y) <= HANDLE + 6) {
        this.dragging = index;
        this.view.canvas.setPointerCapture(e.pointerId);
        e.preventDefault();
        return true;
      }
    }
    return false;
  }

  async start() {
    const answer = await api.post('straighten/detect');
    this.ui.onState(answer.state);
    this.show(answer.straighten);
    this.ui.margin.value = String(Math.round(answer.straighten.requested_margin));
    this.ui.marginLabel.textContent = `${this.ui.margin.value} px`;
    this.ui.margin.max = String(Math.max(200, Math.round(answer.straighten.requested_margin * 4)));
    this.active = true;
    this.ui.panel.hidden = false;
    this.view.requestRender();
  }

  show(plan) {
    this.corners = plan.corners.map((point) => [point[0], point[1]]);
    this.expanded = plan.expanded_corners;
    const warnings = plan.warnings.length ? ` ${plan.warnings.join(' ')}` : '';
    this.ui.info.textContent =
      `Output ${plan.output_size[0]}x${plan.output_size[1]}, margin ${Math.round(plan.margin)} px, ` +
      `detection confidence ${plan.confidence.toFixed(2)}.${warnings}`;
  }

  schedulePlan() {
    clearTimeout(this.planTimer);
    this.planTimer = setTimeout(() => this.plan(), 120);
  }

  params() {
    return { corners: this.corners.flat().map((v) => v.toFixed(2)).join(','), margin: this.ui.margin.value };
  }

  async plan() {
    if (!this.active) return;
    try {
      const answer = await api.post('straighten/plan', this.params());
      this.expanded = answer.straighten.expanded_corners;
      this.show({ ...answer.straighten, corners: this.corners });
      this.view.requestRender();
    } catch (error) {
      this.ui.info.textContent = error.message;
    }
  }

  async apply() {
    const params = this.params();
    this.stop();
    const answer = await api.post('straighten/apply', params);
    this.ui.onState(answer.state);
  }

  stop() {
    this.active = false;
    this.dragging = -1;
    this.ui.panel.hidden = true;
    this.view.requestRender();
  }

  draw(ctx) {
    if (!this.active || !this.corners) return;
    const view = this.view;
    const path = (quad, colour, dash) => {
      ctx.save();
      ctx.setLineDash(dash);
      ctx.lineWidth = 2;
      ctx.strokeStyle = colour;
      ctx.beginPath();
      quad.forEach((point, index) => {
        const p = view.toScreen(point[0], point[1]);
        if (index === 0) ctx.moveTo(p.x, p.y);
        else ctx.lineTo(p.x, p.y);
      });
      ctx.closePath();
      ctx.stroke();
      ctx.restore();
    };
    if (this.expanded) path(this.expanded, '#ffd400', [6, 4]);
    path(this.corners, '#00e0ff', []);
    for (const corner of this.corners) {
      const p = view.toScreen(corner[0], corner[1]);
      ctx.beginPath();
      ctx.arc(p.x, p.y, HANDLE, 0, 2 * Math.PI);
      ctx.fillStyle = 'rgba(0, 224, 255, 0.35)';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#00e0ff';
      ctx.stroke();
    }
  }
}
