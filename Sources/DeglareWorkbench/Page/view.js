// The photo view: zoom and pan, tiles from the server's pyramid, the mask and proposal tints,
// the result and the before/after split.
//
// Coordinates: "image" points are canonical (the centre of pixel (0, 0) is (0, 0)); the view
// works in u = image + 0.5, where pixel i covers [i, i + 1). A CSS pixel on the canvas is
// u * scale + offset. Level n of the pyramid has a pixel per 2^n x 2^n photo pixels; the level
// drawn is the coarsest one that still has at least one pixel per device pixel, so a 24 MP photo
// opens from a handful of tiles and full resolution is fetched only where the view zooms in.

const MAX_TILES = 400;

/** Diagonal stripes in two colours, so a tint stays visible on white and on red paint. */
function stripes(first, second) {
  const size = 12;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = first;
  ctx.fillRect(0, 0, size, size);
  ctx.strokeStyle = second;
  ctx.lineWidth = size / 3;
  for (let k = -1; k <= 1; k++) {
    ctx.beginPath();
    ctx.moveTo(k * size, size);
    ctx.lineTo(k * size + size, 0);
    ctx.stroke();
  }
  return canvas;
}

export class View {
  /**
   * @param {HTMLCanvasElement} canvas the photo's surface (data-role="image")
   */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.layerCanvas = document.createElement('canvas');
    this.layerCtx = this.layerCanvas.getContext('2d');
    this.image = null; // {width, height, levels, tile, revision}
    this.scale = 1;
    this.offset = { x: 0, y: 0 };
    this.dpr = window.devicePixelRatio || 1;
    this.tiles = new Map();
    this.revisions = { image: 0, mask: 0, proposal: 0, result: 0 };
    this.resultCrop = null; // [x, y, w, h] while a result is shown
    this.showMask = true;
    this.showBefore = false; // compare: the original instead of the result
    this.split = 0; // before/after split: the left fraction of the view shows the original
    this.planCrop = null; // "what will be sent": [x, y, w, h]
    this.decorations = []; // functions (ctx, view) drawn last
    this.onReady = null;
    this.ready = false;
    this.frame = 0;
    this.pending = false;
    this.patterns = null;
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
  }

  // MARK: - Geometry

  /** The canvas size in CSS pixels. */
  get size() {
    return { width: this.canvas.clientWidth, height: this.canvas.clientHeight };
  }

  /** A canonical image point -> CSS pixels relative to the canvas. */
  toScreen(x, y) {
    return { x: (x + 0.5) * this.scale + this.offset.x, y: (y + 0.5) * this.scale + this.offset.y };
  }

  /** CSS pixels relative to the canvas -> a canonical image point. */
  toImage(x, y) {
    return { x: (x - this.offset.x) / this.scale - 0.5, y: (y - this.offset.y) / this.scale - 0.5 };
  }

  /** A client (page) point -> a canonical image point. */
  clientToImage(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    return this.toImage(clientX - box.left, clientY - box.top);
  }

  /** A canonical image point -> client (page) coordinates. */
  imageToClient(x, y) {
    const box = this.canvas.getBoundingClientRect();
    const point = this.toScreen(x, y);
    return { x: point.x + box.left, y: point.y + box.top };
  }

  resize() {
    const { width, height } = this.size;
    this.dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.max(1, Math.round(width * this.dpr));
    this.canvas.height = Math.max(1, Math.round(height * this.dpr));
    this.layerCanvas.width = this.canvas.width;
    this.layerCanvas.height = this.canvas.height;
    this.patterns = null;
    if (this.image && !this.userMoved) this.fit();
    this.requestRender();
  }

  /** The whole photo, fitted and centred. */
  fit() {
    if (!this.image) return;
    const { width, height } = this.size;
    this.scale = Math.min(width / this.image.width, height / this.image.height);
    this.offset = {
      x: (width - this.image.width * this.scale) / 2,
      y: (height - this.image.height * this.scale) / 2,
    };
    this.userMoved = false;
    this.requestRender();
  }

  /** Zooms by `factor` keeping the photo point under (x, y) (CSS pixels on the canvas) in place. */
  zoomAt(x, y, factor) {
    if (!this.image) return;
    const fitted = Math.min(this.size.width / this.image.width, this.size.height / this.image.height);
    const scale = Math.min(64, Math.max(fitted / 4, this.scale * factor));
    const u = (x - this.offset.x) / this.scale;
    const v = (y - this.offset.y) / this.scale;
    this.scale = scale;
    this.offset = { x: x - u * scale, y: y - v * scale };
    this.userMoved = true;
    this.requestRender();
  }

  /** One photo pixel per device pixel, centred on the view's centre. */
  actualSize() {
    const { width, height } = this.size;
    this.zoomAt(width / 2, height / 2, 1 / this.dpr / this.scale);
  }

  panBy(dx, dy) {
    this.offset = { x: this.offset.x + dx, y: this.offset.y + dy };
    this.userMoved = true;
    this.requestRender();
  }

  // MARK: - Content

  /** A new photo (or a new revision of it: straightened): every tile is dropped. */
  setImage(info) {
    const same = this.image && this.image.revision === info.revision;
    this.image = info;
    this.revisions.image = info.revision;
    if (!same) {
      this.tiles.clear();
      this.ready = false;
      this.fit();
    }
  }

  /**
   * A layer's new revision; `changed` ([x, y, w, h] in photo pixels, or null for anywhere), the
   * change from revision `since`, says which tiles must be fetched again; the others keep theirs.
   */
  setRevision(layer, revision, changed = null, since = undefined) {
    if (this.revisions[layer] === revision) return;
    // Only a change from the revision shown can keep the tiles it does not touch.
    const partial = changed && since === this.revisions[layer];
    this.revisions[layer] = revision;
    for (const [key, entry] of this.tiles) {
      if (!key.startsWith(layer + '/')) continue;
      if (partial && entry.revision === since &&
          !this.intersects(this.footprint(entry.level, entry.column, entry.row), changed)) {
        entry.revision = revision;
      }
    }
    this.requestRender();
  }

  /** The photo pixels [x, y, w, h] that tile (column, row) of `level` covers. */
  footprint(level, column, row) {
    const span = this.image.tile * 2 ** level;
    return [column * span, row * span, span, span];
  }

  intersects(a, b) {
    return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
  }

  /** The level to draw: the coarsest with at least one pixel per device pixel. */
  get level() {
    if (!this.image) return 0;
    const devicePerPixel = this.scale * this.dpr;
    const level = Math.floor(Math.log2(1 / devicePerPixel) + 1e-9);
    return Math.max(0, Math.min(this.image.levels - 1, level));
  }

  // MARK: - Tiles

  tile(layer, level, column, row) {
    const key = `${layer}/${level}/${column}/${row}`;
    let entry = this.tiles.get(key);
    const revision = this.revisions[layer];
    if (!entry) {
      entry = { layer, level, column, row, revision: -1, bitmap: undefined, loading: -1, used: 0 };
      this.tiles.set(key, entry);
    }
    entry.used = this.frame;
    if (entry.revision !== revision && entry.loading !== revision) this.load(entry, revision);
    return entry;
  }

  async load(entry, revision) {
    entry.loading = revision;
    const imageRevision = this.revisions.image;
    try {
      const url = `/api/tile/${entry.layer}/${entry.level}/${entry.column}/${entry.row}?rev=${revision}&img=${imageRevision}`;
      const response = await fetch(url);
      if (this.revisions.image !== imageRevision) return;
      let bitmap = null;
      if (response.status === 200) bitmap = await createImageBitmap(await response.blob());
      else if (response.status !== 204) throw new Error(`tile ${url}: ${response.status}`);
      if (entry.loading !== revision) return;
      entry.bitmap = bitmap;
      entry.revision = revision;
      entry.loading = -1;
      this.requestRender();
    } catch (error) {
      if (entry.loading === revision) entry.loading = -1;
      console.warn(error);
    }
  }

  evict() {
    if (this.tiles.size <= MAX_TILES) return;
    const entries = [...this.tiles.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [key, entry] of entries.slice(0, this.tiles.size - MAX_TILES)) {
      if (entry.used !== this.frame) this.tiles.delete(key);
    }
  }

  /** The visible tiles of `level`: [columnStart, columnEnd, rowStart, rowEnd], inclusive. */
  visibleTiles(level) {
    const span = this.image.tile * 2 ** level;
    const { width, height } = this.size;
    const u0 = Math.max(0, -this.offset.x / this.scale);
    const v0 = Math.max(0, -this.offset.y / this.scale);
    const u1 = Math.min(this.image.width, (width - this.offset.x) / this.scale);
    const v1 = Math.min(this.image.height, (height - this.offset.y) / this.scale);
    if (u1 <= u0 || v1 <= v0) return null;
    return [Math.floor(u0 / span), Math.ceil(u1 / span) - 1, Math.floor(v0 / span), Math.ceil(v1 / span) - 1];
  }

  /**
   * Draws tile (column, row) of `level` of `layer`, or, until it arrives, the part of the
   * nearest coarser tile that covers it. Returns whether the wanted tile itself was drawn.
   */
  drawTile(ctx, layer, level, column, row) {
    const wanted = this.tile(layer, level, column, row);
    for (let up = level; up < this.image.levels; up++) {
      const shift = up - level;
      const entry = up === level ? wanted : this.tiles.get(`${layer}/${up}/${column >> shift}/${row >> shift}`);
      if (!entry || entry.bitmap === undefined) continue;
      if (entry.bitmap !== null) {
        const span = this.image.tile * 2 ** level; // photo pixels per wanted tile
        const u = column * span;
        const v = row * span;
        const levelScale = 2 ** up; // photo pixels per pixel of the drawn tile
        const sx = (u - (column >> shift) * this.image.tile * levelScale) / levelScale;
        const sy = (v - (row >> shift) * this.image.tile * levelScale) / levelScale;
        const sw = Math.min(span / levelScale, entry.bitmap.width - sx);
        const sh = Math.min(span / levelScale, entry.bitmap.height - sy);
        if (sw > 0 && sh > 0) {
          ctx.drawImage(
            entry.bitmap, sx, sy, sw, sh,
            u * this.scale + this.offset.x, v * this.scale + this.offset.y,
            sw * levelScale * this.scale, sh * levelScale * this.scale);
        }
      }
      return up === level && entry.revision === this.revisions[layer];
    }
    return false;
  }

  /** The layer a base tile comes from: the result where its crop reaches, else the photo. */
  baseLayer(level, column, row, before) {
    if (before || !this.resultCrop) return 'image';
    return this.intersects(this.footprint(level, column, row), this.resultCrop) ? 'result' : 'image';
  }

  // MARK: - Drawing

  requestRender() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.frame += 1;
      this.render();
    });
  }

  render() {
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.size.width, this.size.height);
    if (!this.image) return;
    const level = this.level;
    const range = this.visibleTiles(level);
    if (!range) return;
    // Crisp photo pixels when magnified, smooth when reduced.
    const smooth = this.scale * this.dpr < 1;
    ctx.imageSmoothingEnabled = smooth;
    ctx.imageSmoothingQuality = 'high';

    let complete = true;
    const [c0, c1, r0, r1] = range;
    const splitX = this.split * this.size.width;
    const comparing = this.resultCrop && !this.showBefore && this.split > 0;
    for (let row = r0; row <= r1; row++) {
      for (let column = c0; column <= c1; column++) {
        const layer = this.baseLayer(level, column, row, this.showBefore || comparing);
        complete = this.drawTile(ctx, layer, level, column, row) && complete;
      }
    }
    if (comparing) {
      // Before on the left of the split, after on the right.
      ctx.save();
      ctx.beginPath();
      ctx.rect(splitX, 0, this.size.width - splitX, this.size.height);
      ctx.clip();
      for (let row = r0; row <= r1; row++) {
        for (let column = c0; column <= c1; column++) {
          const layer = this.baseLayer(level, column, row, false);
          if (layer === 'result') this.drawTile(ctx, layer, level, column, row);
        }
      }
      ctx.restore();
    }

    this.maskComplete = true;
    if (this.showMask) {
      this.maskComplete = this.drawTint('mask', level, range);
      complete = this.maskComplete && complete;
      this.drawTint('proposal', level, range);
    }
    if (comparing) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(splitX - 1, 0, 2, this.size.height);
    }
    if (this.planCrop && !this.resultCrop) this.drawRect(ctx, this.planCrop, '#ffd400');
    for (const decorate of this.decorations) decorate(ctx, this);
    this.evict();

    this.complete = complete;
    if (complete && !this.ready) {
      this.ready = true;
      this.canvas.dataset.ready = '1';
      if (this.onReady) this.onReady();
    }
  }

  /** Draws a mask layer tinted with its stripes; returns whether every wanted tile was there. */
  drawTint(layer, level, range) {
    if (layer === 'proposal' && !this.hasProposal) return true;
    if (!this.patterns) {
      this.patterns = {
        mask: this.ctx.createPattern(stripes('#1f4dff', '#ffffff'), 'repeat'),
        proposal: this.ctx.createPattern(stripes('#ff7a00', '#000000'), 'repeat'),
      };
    }
    const ctx = this.layerCtx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.globalCompositeOperation = 'source-over';
    ctx.clearRect(0, 0, this.size.width, this.size.height);
    ctx.imageSmoothingEnabled = this.scale * this.dpr < 1;
    let complete = true;
    const [c0, c1, r0, r1] = range;
    for (let row = r0; row <= r1; row++) {
      for (let column = c0; column <= c1; column++) {
        complete = this.drawTile(ctx, layer, level, column, row) && complete;
      }
    }
    ctx.globalCompositeOperation = 'source-in';
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = this.patterns[layer];
    ctx.fillRect(0, 0, this.layerCanvas.width, this.layerCanvas.height);
    const main = this.ctx;
    main.save();
    main.setTransform(1, 0, 0, 1, 0, 0);
    main.globalAlpha = 0.6;
    main.imageSmoothingEnabled = false;
    main.drawImage(this.layerCanvas, 0, 0);
    main.restore();
    return complete;
  }

  /** Outlines photo rectangle [x, y, w, h] with a dashed line. */
  drawRect(ctx, rect, colour) {
    const a = this.toScreen(rect[0] - 0.5, rect[1] - 0.5);
    const b = this.toScreen(rect[0] + rect[2] - 0.5, rect[1] + rect[3] - 0.5);
    ctx.save();
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = '#000';
    ctx.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
    ctx.lineDashOffset = 5;
    ctx.strokeStyle = colour;
    ctx.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
    ctx.restore();
  }
}
