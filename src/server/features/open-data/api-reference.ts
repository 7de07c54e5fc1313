// The API's reference page, /api/docs (decision 0266): our own page, written on the server from the
// OpenAPI document, so it needs no script and no style from elsewhere under our CSP, and cannot drift
// from the routes (the document is generated from their schemas).
import { escapeHtml } from '../../plugins/ssr';

interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  maxLength?: number;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }>;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

/** Escaped text with `code` spans. */
const prose = (text: string | undefined) => escapeHtml(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.enum) return `one of ${schema.enum.map((value) => `<code>${escapeHtml(String(value))}</code>`).join(', ')}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `list of ${typeOf(schema.items)}`;
  const format = schema.format ? ` (${escapeHtml(schema.format)})` : '';
  const max = schema.maxLength ? `, at most ${schema.maxLength} characters` : '';
  return `${escapeHtml(type)}${format}${max}`;
}

/** Every field of an answer, nested ones as `jobs[].location.city`. */
function fieldRows(schema: JsonSchema, prefix = '', depth = 0): string[] {
  const object = schema.anyOf?.find((option) => option.properties) ?? schema;
  if (object.type === 'array' && object.items) return fieldRows(object.items, `${prefix}[]`, depth);
  if (!object.properties || depth > 4) return [];
  return Object.entries(object.properties).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const inner = field.anyOf?.find((option) => option.properties || option.items) ?? field;
    const nested = inner.properties || inner.items?.properties ? fieldRows(inner, path, depth + 1) : [];
    const type = inner.properties ? 'object' : inner.items?.properties ? 'list of objects' : typeOf(field);
    return [`<tr><td><code>${escapeHtml(path)}</code></td><td>${type}</td><td>${prose(field.description ?? inner.description)}</td></tr>`, ...nested];
  });
}

const table = (head: string[], rows: string[]) =>
  rows.length ? `<table><thead><tr>${head.map((cell) => `<th scope="col">${cell}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>` : '';

export function apiReferenceHtml(document: OpenApiDocument, openApiPath: string): string {
  const parts = [
    `<p>${prose(document.info.description)}</p>`,
    `<p>Version ${escapeHtml(document.info.version)}. The machine-readable description: <a href="${escapeHtml(openApiPath)}">${escapeHtml(openApiPath)}</a> (OpenAPI 3.1).</p>`,
  ];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '').toLowerCase();
      parts.push(`<h2 id="${escapeHtml(id)}"><code>${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</code></h2>`);
      if (operation.summary) parts.push(`<p><strong>${prose(operation.summary)}</strong></p>`);
      if (operation.description) parts.push(`<p>${prose(operation.description)}</p>`);
      const parameters = (operation.parameters ?? []).map(
        (parameter) =>
          `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}${parameter.required ? ', required' : ''}</td><td>${parameter.schema ? typeOf(parameter.schema) : ''}</td><td>${prose(parameter.description)}</td></tr>`,
      );
      if (parameters.length) parts.push('<h3>Parameters</h3>', table(['Name', 'In', 'Values', 'Meaning'], parameters));
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (status.startsWith('2')) {
          parts.push(`<h3>${escapeHtml(status)}: fields</h3>`, schema ? table(['Field', 'Type', 'Meaning'], fieldRows(schema)) : '');
        }
      }
      const refusals = Object.keys(operation.responses ?? {}).filter((status) => !status.startsWith('2'));
      if (refusals.length) parts.push(`<p>Refusals: ${refusals.map((status) => `<code>${escapeHtml(status)}</code>`).join(', ')}, each <code>{ status, error_message, error }</code>; a 400 names the field in <code>details</code>.</p>`);
    }
  }
  return parts.join('\n');
}
