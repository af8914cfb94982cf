// Pointer input on the photo: painting and erasing (mouse, pen, touch), panning (space-drag,
// middle button, two fingers), zooming (wheel, pinch), and the live strokes drawn under the
// pointer in the same event that moved it, until the server's mask replaces them.

export class Tools {
  /**
   * @param {import('./view.js').View} view
   * @param {HTMLCanvasElement} live the canvas over the photo for live strokes
   * @param {HTMLElement} cursor the brush outline
   * @param {{stroke: (s: object) => Promise<number|null>, canPaint: () => boolean,
   *          intercept?: (e: PointerEvent) => boolean}} hooks
   */
  constructor(view, live, cursor, hooks) {
    this.view = view;
    this.live = live;
    this.liveCtx = live.getContext('2d');
    this.cursor = cursor;
    this.hooks = hooks;
    this.tool = 'brush';
    this.size = 16; // brush radius in CSS pixels
    this.spaceDown = false;
    this.mode = null; // 'paint' | 'pan' | 'pinch' | 'intercepted'
    this.current = null; // the stroke being drawn
    this.pending = []; // strokes sent, shown until the server's mask has them
    this.touches = new Map();
    this.last = null;
    this.timings = []; // per move: ms from the event to its segment being drawn
    this.roundTrips = []; // per stroke: ms from the pointer's release to the server's mask shown
    const canvas = view.canvas;
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', (e) => this.up(e, false));
    canvas.addEventListener('pointercancel', (e) => this.up(e, true));
    canvas.addEventListener('pointerleave', () => { this.cursor.hidden = true; });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    window.addEventListener('keydown', (e) => {
      if (e.code === 'Space' && !isTyping(e)) {
        this.spaceDown = true;
        canvas.classList.add('panning');
        e.preventDefault();
      }
    });
    window.addEventListener('keyup', (e) => {
      if (e.code === 'Space') {
        this.spaceDown = false;
        canvas.classList.remove('panning');
      }
    });
    view.decorations.push(() => this.redraw());
  }

  /** The radius in photo pixels for the brush's screen radius: down to one pixel. */
  get imageRadius() {
    return Math.max(0.5, this.size / this.view.scale);
  }

  local(e) {
    const box = this.view.canvas.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  down(e) {
    if (this.hooks.intercept && this.hooks.intercept(e)) {
      this.mode = 'intercepted';
      return;
    }
    const canvas = this.view.canvas;
    canvas.setPointerCapture(e.pointerId);
    e.preventDefault();
    const point = this.local(e);
    if (e.pointerType === 'touch') {
      this.touches.set(e.pointerId, point);
      if (this.touches.size === 2) {
        // A second finger: the gesture is a pinch or a two-finger pan, never a stroke.
        this.current = null;
        this.redraw();
        this.mode = 'pinch';
        this.pinch = this.pinchState();
        return;
      }
      if (this.touches.size > 2) return;
    }
    if (e.button === 1 || this.spaceDown) {
      this.mode = 'pan';
      this.last = point;
      return;
    }
    if ((e.button === 0 || e.button === 2) && this.hooks.canPaint()) {
      const erase = e.button === 2 || e.altKey || this.tool === 'erase';
      this.mode = 'paint';
      this.current = { mode: erase ? 'erase' : 'brush', radius: this.imageRadius, points: [] };
      this.addPoint(e);
    }
  }

  move(e) {
    const point = this.local(e);
    this.showCursor(point, e.pointerType);
    if (this.mode === 'paint' && this.current) {
      const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
      for (const event of events.length ? events : [e]) this.addPoint(event);
    } else if (this.mode === 'pan' && this.last) {
      this.view.panBy(point.x - this.last.x, point.y - this.last.y);
      this.last = point;
    } else if (this.mode === 'pinch' && this.touches.has(e.pointerId)) {
      this.touches.set(e.pointerId, point);
      const now = this.pinchState();
      if (now && this.pinch) {
        this.view.panBy(now.x - this.pinch.x, now.y - this.pinch.y);
        if (this.pinch.distance > 0) this.view.zoomAt(now.x, now.y, now.distance / this.pinch.distance);
      }
      this.pinch = now;
    }
  }

  up(e, cancelled) {
    if (e.pointerType === 'touch') this.touches.delete(e.pointerId);
    if (this.mode === 'intercepted') {
      this.mode = null;
      return;
    }
    if (this.mode === 'paint' && this.current) {
      const stroke = this.current;
      this.current = null;
      if (!cancelled && stroke.points.length > 0) this.send(stroke);
      else this.redraw();
    }
    if (this.mode === 'pinch' && this.touches.size > 0) return;
    this.mode = null;
    this.last = null;
  }

  wheel(e) {
    e.preventDefault();
    const point = this.local(e);
    const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    this.view.zoomAt(point.x, point.y, Math.exp(-e.deltaY * lines * 0.0015));
  }

  pinchState() {
    const points = [...this.touches.values()];
    if (points.length < 2) return null;
    const [a, b] = points;
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, distance: Math.hypot(a.x - b.x, a.y - b.y) };
  }

  /** Adds a pointer sample to the stroke and draws its segment at once. */
  addPoint(event) {
    const started = performance.now();
    const point = this.view.clientToImage(event.clientX, event.clientY);
    const points = this.current.points;
    const previous = points[points.length - 1];
    if (previous && previous.x === point.x && previous.y === point.y) return;
    points.push(point);
    this.drawSegment(this.current, previous || point, point);
    this.timings.push({ handler: performance.now() - started, sinceEvent: performance.now() - event.timeStamp });
    if (this.timings.length > 2000) this.timings.shift();
  }

  async send(stroke) {
    stroke.sentAt = performance.now();
    this.pending.push(stroke);
    try {
      stroke.revision = await this.hooks.stroke(stroke);
    } catch {
      stroke.revision = Infinity;
    }
    if (stroke.revision === null || stroke.revision === Infinity) this.settle(Infinity);
  }

  /** Drops the live strokes the server's mask (at `revision`, fully drawn) now shows. */
  settle(revision) {
    const before = this.pending.length;
    const kept = [];
    for (const stroke of this.pending) {
      if (stroke.revision === undefined || stroke.revision > revision) kept.push(stroke);
      else this.roundTrips.push(performance.now() - stroke.sentAt);
    }
    this.pending = kept;
    if (this.pending.length !== before) this.redraw();
  }

  // MARK: - Drawing the live strokes

  drawSegment(stroke, from, to) {
    const ctx = this.liveCtx;
    const view = this.view;
    ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = stroke.mode === 'erase' ? '#f2f2f2' : '#1f4dff';
    ctx.fillStyle = ctx.strokeStyle;
    ctx.lineWidth = 2 * stroke.radius * view.scale;
    const a = view.toScreen(from.x, from.y);
    const b = view.toScreen(to.x, to.y);
    ctx.beginPath();
    if (a.x === b.x && a.y === b.y) {
      ctx.arc(a.x, a.y, stroke.radius * view.scale, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
  }

  /** Redraws every live stroke (after a zoom, a pan or a settled stroke). */
  redraw() {
    const view = this.view;
    if (this.live.width !== view.canvas.width || this.live.height !== view.canvas.height) {
      this.live.width = view.canvas.width;
      this.live.height = view.canvas.height;
    }
    const ctx = this.liveCtx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.live.width, this.live.height);
    for (const stroke of this.current ? [...this.pending, this.current] : this.pending) {
      const points = stroke.points;
      for (let index = 0; index < points.length; index++) {
        this.drawSegment(stroke, points[Math.max(0, index - 1)], points[index]);
      }
    }
  }

  showCursor(point, pointerType) {
    if (pointerType === 'touch' || !this.hooks.canPaint() || this.spaceDown) {
      this.cursor.hidden = true;
      return;
    }
    const radius = this.imageRadius * this.view.scale;
    this.cursor.hidden = false;
    this.cursor.style.width = `${2 * radius}px`;
    this.cursor.style.height = `${2 * radius}px`;
    this.cursor.style.transform = `translate(${point.x - radius}px, ${point.y - radius}px)`;
    this.cursor.classList.toggle('erase', this.tool === 'erase');
  }
}

function isTyping(e) {
  const target = e.target;
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}
