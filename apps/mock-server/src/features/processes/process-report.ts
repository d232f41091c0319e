/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The Content-Security-Policy the report document is served with: `sandbox` (no script, no
 * same-origin access, no forms, even if a value got through unescaped), nothing loaded from
 * anywhere, inline styles only.
 */
export const REPORT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** What a report document shows. */
export interface ReportInput {
  title: string;
  processId: number;
  processName: string;
  commandName: string;
  state: string;
  createdBy: string;
  createdAt: string;
  parentProcessId: number | null;
  variables: { Name: string; Value: string }[];
  steps: {
    position: number;
    name: string;
    kind: string;
    state: string;
    completedBy: string | null;
    completedAt: string | null;
    answer: string | null;
  }[];
  producedBy: string;
  producedAt: string;
}

const row = (cells: (string | number | null)[]) =>
  `<tr>${cells.map((cell) => `<td>${escapeHtml(cell === null ? '' : String(cell))}</td>`).join('')}</tr>`;

/** The document of a process's data: a self-contained HTML page in which every value is escaped. */
export function renderReport(input: ReportInput): string {
  const variables =
    input.variables.length === 0
      ? '<p>No process variables.</p>'
      : `<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody>${input.variables
          .map((variable) => row([variable.Name, variable.Value]))
          .join('')}</tbody></table>`;
  const steps = `<table><thead><tr><th>#</th><th>Step</th><th>Kind</th><th>State</th><th>Answer</th><th>Completed by</th><th>Completed (UTC)</th></tr></thead><tbody>${input.steps
    .map((step) =>
      row([
        step.position + 1,
        step.name,
        step.kind,
        step.state,
        step.answer,
        step.completedBy,
        step.completedAt,
      ]),
    )
    .join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#1d2433}table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #c8ccd6;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#eef0f5}h1{color:#63769B}</style>
</head><body>
<h1>${escapeHtml(input.title)}</h1>
<dl>
<dt>Process</dt><dd>${escapeHtml(`${input.processName} (#${input.processId})`)}</dd>
<dt>Command</dt><dd>${escapeHtml(input.commandName)}</dd>
${input.parentProcessId === null ? '' : `<dt>Part of process</dt><dd>#${input.parentProcessId}</dd>`}
<dt>State</dt><dd>${escapeHtml(input.state)}</dd>
<dt>Created</dt><dd>${escapeHtml(`${input.createdAt} by ${input.createdBy}`)}</dd>
<dt>Produced</dt><dd>${escapeHtml(`${input.producedAt} by ${input.producedBy}`)}</dd>
</dl>
<h2>Process data</h2>
${variables}
<h2>Steps</h2>
${steps}
</body></html>
`;
}
