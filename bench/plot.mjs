// A log–log line plot as a standalone SVG string, written by hand (no plotting dependency):
// `plotSvg(series, {title, xLabel, yLabel})`, series = [{tool, points: [{x: bytes, y: ms}]}].

const W = 860;
const H = 460;
const M = { left: 70, right: 330, top: 40, bottom: 50 };
const COLORS = ['#d62728', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf', '#bcbd22'];

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const bytesLabel = (b) => (b >= 1024 * 1024 ? `${+(b / 1024 / 1024).toFixed(1)} MiB` : `${+(b / 1024).toFixed(0)} KiB`);
const msLabel = (ms) => (ms >= 1000 ? `${ms / 1000} s` : ms >= 1 ? `${ms} ms` : `${ms * 1000} µs`);

export function plotSvg(series, { title, xLabel, yLabel }) {
  const all = series.flatMap((s) => s.points);
  if (!all.length) throw new Error('plotSvg: no points');
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const x0 = Math.log10(Math.min(...xs)) - 0.1;
  const x1 = Math.log10(Math.max(...xs)) + 0.1;
  const y0 = Math.floor(Math.log10(Math.min(...ys)));
  const y1 = Math.ceil(Math.log10(Math.max(...ys)));
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const X = (x) => M.left + ((Math.log10(x) - x0) / (x1 - x0)) * pw;
  const Y = (y) => M.top + ph - ((Math.log10(y) - y0) / (y1 - y0)) * ph;
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${M.left}" y="22" font-size="14" font-weight="bold">${esc(title)}</text>`);
  // Grid and ticks: every power of ten of time, every distinct input size.
  for (let e = y0; e <= y1; e++) {
    const y = Y(10 ** e);
    out.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#ddd"/>`);
    out.push(`<text x="${M.left - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end">${esc(msLabel(10 ** e))}</text>`);
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    const px = X(x);
    out.push(`<line x1="${px.toFixed(1)}" x2="${px.toFixed(1)}" y1="${M.top}" y2="${M.top + ph}" stroke="#ddd"/>`);
    out.push(`<text x="${px.toFixed(1)}" y="${M.top + ph + 16}" text-anchor="middle">${esc(bytesLabel(x))}</text>`);
  }
  out.push(`<rect x="${M.left}" y="${M.top}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`);
  out.push(`<text x="${M.left + pw / 2}" y="${H - 10}" text-anchor="middle">${esc(xLabel)}</text>`);
  out.push(`<text transform="translate(16 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`);
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    if (pts.length > 1) {
      out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map((p) => `${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join(' ')}"/>`);
    }
    for (const p of pts) out.push(`<circle cx="${X(p.x).toFixed(1)}" cy="${Y(p.y).toFixed(1)}" r="3" fill="${color}"/>`);
    const ly = M.top + 10 + i * 18;
    out.push(`<line x1="${W - M.right + 14}" x2="${W - M.right + 34}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"/>`);
    out.push(`<text x="${W - M.right + 40}" y="${ly + 4}">${esc(s.tool)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
