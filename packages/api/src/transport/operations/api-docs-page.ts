import type { openApiDocument } from './openapi';

type Document = ReturnType<typeof openApiDocument>;
interface DocumentedOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-access'?: { guard: string; policy: string; rateLimit?: string };
  'x-trpc'?: { path: string; type: string };
  'x-declared'?: false;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value ?? {}, null, 2))}</pre>`;
/** A body or an answer: its JSON schema, or the media types of raw bytes (attachments) and FHIR's own JSON. */
const content = (byType: Record<string, { schema?: unknown }> = {}) =>
  Object.entries(byType)
    .map(([type, { schema }]) => (type === 'application/json' ? json(schema) : `<p><code>${escapeHtml(type)}</code></p>${schema ? json(schema) : ''}`))
    .join('');

const WHO: Record<string, string> = {
  public: 'anyone',
  authed: 'any signed-in user',
  patient: 'patients',
  clinician: 'clinicians',
  admin: 'admins',
  reader: 'clinicians, or an API key',
};

function operationHtml(method: string, path: string, op: DocumentedOperation): string {
  const access = op['x-access'];
  const facts = [
    access ? `Who: ${WHO[access.guard] ?? access.guard}; policy ${access.policy}` : 'Not declared yet: parameters and answer not described',
    access?.rateLimit ? `rate limit: ${access.rateLimit}` : '',
    op['x-trpc'] ? `tRPC: ${op['x-trpc'].path} (${op['x-trpc'].type})` : '',
  ].filter(Boolean);
  const parameters = op.parameters ?? [];
  const answers = Object.entries(op.responses ?? {}).filter(([status]) => status !== 'default');
  return `<details id="${escapeHtml(`${method}-${path}`)}"><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> ${escapeHtml(op.summary ?? '')}</summary>
<p>${facts.map(escapeHtml).join(' · ')}</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}
${parameters.length ? `<h4>Parameters</h4><ul>${parameters.map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})${json(p.schema)}</li>`).join('')}</ul>` : ''}
${op.requestBody ? `<h4>Body</h4>${content(op.requestBody.content)}` : ''}
${answers.map(([status, answer]) => `<h4>${status} ${escapeHtml(answer.description)}</h4>${content(answer.content)}`).join('')}
</details>`;
}

/**
 * The integrators' page of REST v1 (`GET /api/v1/docs`): the OpenAPI document read as a page, with
 * no script and nothing fetched from elsewhere, so it works behind any firewall and under the edge's
 * content security policy.
 */
export function apiDocsPage(document: Document): string {
  const byFeature = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods) as [string, DocumentedOperation][]) {
      const feature = op.tags?.[0] ?? 'not declared yet';
      byFeature.set(feature, [...(byFeature.get(feature) ?? []), operationHtml(method, path, op)]);
    }
  }
  const features = [...byFeature.keys()].sort((a, b) => a.localeCompare(b));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:0 auto;padding:16px;color:#1f2933}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f5f7fa;padding:8px;overflow:auto;max-height:320px}
details{border-bottom:1px solid #e4e7eb;padding:6px 0}summary{cursor:pointer}
.m{display:inline-block;min-width:56px;font-weight:700}.get{color:#0b6e4f}.post{color:#1d4ed8}.put,.patch{color:#a16207}.delete{color:#b91c1c}
nav a{margin-inline-end:12px}
</style></head><body>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>Every route of REST v1 with its parameters, body and answer. The same description as OpenAPI 3.1, for tools and code generators: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
<h2>How to call it</h2>
<ul>
<li><b>Sign-in</b>: <code>POST /api/v1/auth/login</code> answers an access token in the <code>x-access-token</code> header; send it as <code>Authorization: Bearer …</code>. Read-only integrations use an API key instead (<code>x-api-key</code>), created by an admin, on the routes marked "or an API key".</li>
<li><b>Answers</b> are <code>{ success, message, data }</code>; lists add <code>meta</code> (page, limit, total). Refusals are <code>{ success: false, key, message }</code> with the catalogue's key, and field issues (<code>errors</code>) on 400.</li>
<li><b>Rate limits</b>: a rate-limited route (its limit is named below) answers with <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>; over the limit, 429 with <code>Retry-After</code>.</li>
<li><b>Device writes</b> carry the reading's id as an idempotency key: a replay returns the stored result, the same id with another body is refused (422), one still in flight gets 409.</li>
<li><b>FHIR R4</b> read and search, with a person's token or an API key, is under <code>/api/v1/fhir/R4</code> (FHIR's own JSON and OperationOutcome errors).</li>
</ul>
<nav>${features.map((f) => `<a href="#${escapeHtml(f)}">${escapeHtml(f)}</a>`).join(' ')}</nav>
${features.map((f) => `<section id="${escapeHtml(f)}"><h2>${escapeHtml(f)}</h2>${byFeature.get(f)!.join('\n')}</section>`).join('\n')}
</body></html>`;
}
