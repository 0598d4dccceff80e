// reports/coverage.html: the coverage matrix as a picture, one self-contained page (inline style, no
// script, no external asset): the interface's 23 areas by the four kinds, each cell shaded by the
// share covered and listing its ids, covered and missing told apart by mark, colour and text.
import { AREAS, COVERAGE_KINDS, INTERFACE_VERSION, type CoverageKind } from '../spec/catalog.js';
import type { CellCoverage, Coverage } from './model.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const KIND_TITLES: Record<CoverageKind, string> = { operations: 'Operations', responses: 'Responses', errors: 'Error codes', events: 'Events', transitions: 'Transitions' };

/** The shade of a cell: red (nothing covered) through amber to green (all covered); grey when the cell is empty. */
export function shade(covered: number, total: number): string {
  if (!total) return 'hsl(0, 0%, 95%)';
  const share = covered / total;
  return `hsl(${Math.round(120 * share)}, 65%, ${share === 1 ? 82 : 88}%)`;
}

/** A coverage id without its kind prefix, as a cell lists it. */
function label(id: string): string {
  if (id.startsWith('op:')) return id.slice(3);
  if (id.startsWith('response:')) return id.slice(9);
  if (id.startsWith('error:')) return id.slice(6).replace(':', ' ');
  if (id.startsWith('event:')) return id.slice(6);
  if (id.startsWith('transition:')) return id.slice(11).replace(':', ': ').replace('->', ' → ');
  return id;
}

function cellHtml(area: string, kind: CoverageKind, c: CellCoverage): string {
  const attrs = `data-area="${escape(area)}" data-kind="${kind}" data-covered="${c.covered}" data-total="${c.total}" style="background:${shade(c.covered, c.total)}"`;
  if (!c.total) return `<td class="cell empty" ${attrs}><div class="figure">—</div><div class="none">none in the interface</div></td>`;
  const items = [
    ...c.coveredIds.map((id) => `<li class="covered" data-id="${escape(id)}" title="covered"><span class="mark">✓</span><span class="id">${escape(label(id))}</span></li>`),
    ...c.missing.map((m) => {
      const skipped = m.reason.startsWith('skipped');
      return `<li class="missing${skipped ? ' skipped' : ''}" data-id="${escape(m.id)}" title="${escape(m.reason)}"><span class="mark">${skipped ? '⊘' : '✗'}</span><span class="id">${escape(label(m.id))}${skipped ? ` <em>(${escape(m.reason)})</em>` : ''}</span></li>`;
    }),
    ...c.notExercisable.map((m) => `<li class="unexercisable" data-id="${escape(m.id)}" title="${escape(m.reason)}"><span class="mark">–</span><span class="id">${escape(label(m.id))} <em>(not exercisable: ${escape(m.reason)})</em></span></li>`),
  ];
  return `<td class="cell" ${attrs}><div class="figure">${c.covered}/${c.total} <span class="share">${Math.round((100 * c.covered) / c.total)}%</span></div><ul>${items.join('')}</ul></td>`;
}

export function coverageHtml(c: Coverage, generatedAt = new Date()): string {
  const totals = COVERAGE_KINDS.map(
    (k) => `<div class="total" style="background:${shade(c[k].covered, c[k].total)}" data-kind="${k}"><b>${KIND_TITLES[k]}</b> ${c[k].covered}/${c[k].total} <span class="share">${c[k].total ? Math.round((100 * c[k].covered) / c[k].total) : 0}%</span></div>`,
  ).join('');
  const rows = AREAS.map((area) => {
    const a = c.areas[area];
    const covered = COVERAGE_KINDS.reduce((n, k) => n + a[k].covered, 0);
    const total = COVERAGE_KINDS.reduce((n, k) => n + a[k].total, 0);
    return `<tr><th scope="row" class="area" style="background:${shade(covered, total)}">${escape(area)}<div class="figure">${covered}/${total}</div></th>${COVERAGE_KINDS.map((k) => cellHtml(area, k, a[k])).join('')}</tr>`;
  }).join('\n');
  const beyond = COVERAGE_KINDS.flatMap((k) => c[k].beyondCatalog);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Svc interface coverage by area</title>
<style>
  body { font: 13px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 16px; color: #1d1d1f; background: #fff; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .sub { color: #555; margin-bottom: 10px; }
  .totals { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 10px; }
  .total { padding: 6px 10px; border-radius: 6px; border: 1px solid #0002; font-size: 14px; }
  .legend { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; margin-bottom: 12px; color: #333; }
  .scale { display: inline-block; width: 160px; height: 12px; border: 1px solid #0003; vertical-align: middle;
    background: linear-gradient(to right, hsl(0,65%,88%), hsl(60,65%,88%), hsl(120,65%,82%)); }
  table { border-collapse: collapse; width: 100%; table-layout: fixed; }
  th, td { border: 1px solid #0000002a; vertical-align: top; padding: 6px 8px; text-align: left; }
  thead th { background: #2d3142; color: #fff; position: sticky; top: 0; font-size: 14px; }
  th.area { width: 12%; font-size: 13px; }
  col.areacol { width: 12%; } col.operations { width: 30%; } col.errors { width: 22%; } col.events { width: 18%; } col.transitions { width: 18%; }
  .figure { font-weight: 700; font-size: 14px; margin-bottom: 3px; }
  .share { font-weight: 400; color: #333; font-size: 12px; }
  ul { list-style: none; margin: 0; padding: 0; font-size: 11px; }
  li { display: flex; align-items: baseline; }
  li .id { overflow-wrap: anywhere; min-width: 0; }
  li .mark { flex: 0 0 14px; font-weight: 700; }
  li.covered { color: #0b4f1c; }
  li.covered .mark { color: #16803c; }
  li.missing { color: #7a1020; }
  li.missing .mark { color: #c0182f; }
  li.skipped { color: #7a4a00; }
  li.skipped .mark { color: #b36b00; }
  li em { color: #7a4a00; }
  .empty .none { color: #777; font-size: 11px; }
  .footer { margin-top: 12px; color: #444; font-size: 12px; }
  code { font-size: 11px; }
</style>
</head>
<body>
<h1>Interface coverage by area</h1>
<div class="sub">Svc interface <code>${INTERFACE_VERSION}</code> with its supplement: the ${AREAS.length} functional areas by kind. Generated ${escape(generatedAt.toISOString())}.</div>
<div class="totals">${totals}</div>
<div class="legend"><span><span class="scale"></span> share covered: 0% → 100%</span><span style="color:#16803c"><b>✓</b> covered</span><span style="color:#c0182f"><b>✗</b> not exercised by any scenario</span><span style="color:#b36b00"><b>⊘</b> skipped: a capability the target lacks</span><span>— the area has none of that kind</span></div>
<table>
<colgroup><col class="areacol">${COVERAGE_KINDS.map((k) => `<col class="${k}">`).join('')}</colgroup>
<thead><tr><th scope="col" class="area">Area</th>${COVERAGE_KINDS.map((k) => `<th scope="col">${KIND_TITLES[k]}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${beyond.length ? `<div class="footer">Observed beyond the catalog (not counted): ${beyond.map((id) => `<code>${escape(id)}</code>`).join(', ')}</div>` : ''}
</body>
</html>
`;
}
