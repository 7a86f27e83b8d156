// PNG reading and simple image statistics for the browser and desktop screenshot checks (Node, no deps).
import { inflateSync } from 'node:zlib';

// Minimal PNG decoder (8-bit RGB/RGBA, not interlaced: what Chromium writes) -> {width, height, channels, data}.
export function decodePng(buf) {
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('ascii', pos + 4, pos + 8);
    const chunk = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0); height = chunk.readUInt32BE(4);
      if (chunk[8] !== 8 || chunk[12] !== 0) throw new Error('unsupported PNG');
      channels = { 2: 3, 6: 4 }[chunk[9]];
      if (!channels) throw new Error('unsupported PNG colour type ' + chunk[9]);
    } else if (type === 'IDAT') idat.push(chunk);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat)), stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[y * stride + x - channels] : 0, b = y ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y ? out[(y - 1) * stride + x - channels] : 0;
      let v = src[x];
      if (f === 1) v += a; else if (f === 2) v += b; else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
                          v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      out[y * stride + x] = v & 255;
    }
  }
  return { width, height, channels, data: out };
}

// Variance of the grey level over an image region: ~0 for a blank (one-colour) canvas.
export function greyVariance(img, { x0 = 0, y0 = 0, x1 = img.width, y1 = img.height } = {}) {
  let n = 0, sum = 0, sum2 = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const i = (y * img.width + x) * img.channels;
    const g = 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2];
    n++; sum += g; sum2 += g * g;
  }
  const mean = sum / n;
  return sum2 / n - mean * mean;
}

// Number of distinct colours (quantised) in a region: a drawn heatmap has many, text on a flat background few.
export function distinctColours(img, region = {}) {
  const { x0 = 0, y0 = 0, x1 = img.width, y1 = img.height } = region;
  const seen = new Set();
  for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) {
    const i = (y * img.width + x) * img.channels;
    seen.add(((img.data[i] >> 3) << 10) | ((img.data[i + 1] >> 3) << 5) | (img.data[i + 2] >> 3));
  }
  return seen.size;
}
