// Checks a desktop screenshot: right size, not blank, heatmaps drawn. Usage: node check_screenshot.mjs FILE W H
import { readFileSync } from 'node:fs';
import { decodePng, greyVariance, distinctColours } from '../e2e/png.mjs';

const [file, w, h] = process.argv.slice(2);
const img = decodePng(readFileSync(file));
const problems = [];
if (img.width !== Number(w) || img.height !== Number(h)) problems.push(`size ${img.width}x${img.height}, want ${w}x${h}`);
const variance = greyVariance(img);
if (!(variance > 200)) problems.push(`looks blank (grey variance ${variance.toFixed(1)})`);
const colours = distinctColours(img, { y0: Math.floor(img.height * 0.2) });
// 8 heatmaps of 4x4 cells at step 50 (on the Brown Corpus the weights are still close: 95 colours were measured)
if (!(colours > 64)) problems.push(`no heatmap drawn (${colours} distinct colours)`);
if (problems.length) { console.error(`${file}: ${problems.join('; ')}`); process.exit(1); }
console.log(`${file}: ${img.width}x${img.height}, grey variance ${variance.toFixed(0)}, ${colours} colours: ok`);
