// What changed between two OpenAPI documents, and which changes break a client written against the
// older one (docs/decisions/278): a removed operation, a changed operationId, a removed field of a
// success answer, a request body field newly required, a parameter newly required. Each breaking
// change has a stable key; openapi-breaking-changes.json lists the keys of the intended ones.

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** @param {any} document @returns {Map<string, any>} 'GET /path' → operation */
export function operationsOf(document) {
  const operations = new Map();
  for (const [path, item] of Object.entries(document?.paths ?? {})) {
    for (const method of METHODS) if (item?.[method]) operations.set(`${method.toUpperCase()} ${path}`, item[method]);
  }
  return operations;
}

/** Operations added, removed and changed (anything in them), each list sorted. */
export function summarize(before, after) {
  const old = operationsOf(before);
  const now = operationsOf(after);
  const added = [...now.keys()].filter((key) => !old.has(key)).sort();
  const removed = [...old.keys()].filter((key) => !now.has(key)).sort();
  const changed = [...now.keys()].filter((key) => old.has(key) && JSON.stringify(old.get(key)) !== JSON.stringify(now.get(key))).sort();
  const rest = (document) => JSON.stringify({ ...document, paths: undefined });
  return { added, removed, changed, otherChanges: rest(before) !== rest(after) };
}

/** `$ref: '#/components/…'` followed inside `document` (at most a few hops). */
function resolve(document, schema) {
  let s = schema;
  for (let hops = 0; s && typeof s === 'object' && typeof s.$ref === 'string' && hops < 10; hops++) {
    const parts = s.$ref.replace(/^#\//, '').split('/');
    s = parts.reduce((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return s && typeof s === 'object' ? s : undefined;
}

/**
 * The fields of a schema as paths ('items[].serial'), each with whether it is required (every
 * level of it). Unions (anyOf/oneOf/allOf) contribute the fields of every branch.
 * @returns {Map<string, boolean>}
 */
export function fieldsOf(document, schema, prefix = '', required = true, depth = 0, out = new Map()) {
  const s = resolve(document, schema);
  if (!s || depth > 12) return out;
  for (const branch of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    fieldsOf(document, branch, prefix, required, depth + 1, out);
  const requiredHere = new Set(Array.isArray(s.required) ? s.required : []);
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const isRequired = required && requiredHere.has(name);
    out.set(path, (out.get(path) ?? false) || isRequired);
    fieldsOf(document, child, path, isRequired, depth + 1, out);
  }
  if (s.items) fieldsOf(document, s.items, `${prefix}[]`, false, depth + 1, out);
  return out;
}

const jsonSchemaOf = (document, holder) => {
  const content = resolve(document, holder)?.content ?? {};
  const type = Object.keys(content).find((t) => t.includes('json'));
  return type ? content[type].schema : undefined;
};

/**
 * The changes from `before` to `after` that break a client of `before`, each `{ key, message }`,
 * sorted by key. The key is what openapi-breaking-changes.json lists to accept one.
 */
export function breakingChanges(before, after) {
  const found = [];
  const add = (key, message) => found.push({ key, message });
  const old = operationsOf(before);
  const now = operationsOf(after);
  for (const [where, was] of old) {
    const is = now.get(where);
    if (!is) {
      add(`removed operation: ${where}`, `${where} (${was.operationId ?? 'no operationId'}) is gone`);
      continue;
    }
    if (was.operationId && is.operationId !== was.operationId) {
      add(`changed operationId: ${where}`, `${where}: operationId ${was.operationId} became ${is.operationId ?? 'none'}`);
    }
    // Success answers: a field a client reads must stay.
    for (const [status, answer] of Object.entries(was.responses ?? {})) {
      if (!status.startsWith('2')) continue;
      const nowAnswer = is.responses?.[status];
      if (!nowAnswer) {
        add(`removed response: ${where} ${status}`, `${where} no longer answers ${status}`);
        continue;
      }
      const oldSchema = jsonSchemaOf(before, answer);
      if (!oldSchema) continue;
      const nowFields = fieldsOf(after, jsonSchemaOf(after, nowAnswer));
      for (const field of fieldsOf(before, oldSchema).keys()) {
        if (!nowFields.has(field)) add(`removed response field: ${where} ${status} ${field}`, `${where} ${status}: field ${field} is gone`);
      }
    }
    // The request body: a field a client did not have to send must not become required.
    const oldBody = resolve(before, was.requestBody);
    const nowBody = resolve(after, is.requestBody);
    if (nowBody?.required && !oldBody?.required) add(`newly required request body: ${where}`, `${where} now needs a body`);
    const oldBodyFields = fieldsOf(before, jsonSchemaOf(before, oldBody));
    for (const [field, required] of fieldsOf(after, jsonSchemaOf(after, nowBody))) {
      if (required && !oldBodyFields.get(field)) {
        add(`newly required request field: ${where} ${field}`, `${where}: body field ${field} is now required`);
      }
    }
    // Parameters: one a client did not have to send must not become required.
    const oldParameters = new Map((was.parameters ?? []).map((p) => resolve(before, p)).map((p) => [`${p.in}.${p.name}`, p]));
    for (const p of (is.parameters ?? []).map((q) => resolve(after, q))) {
      if (p.in === 'path' || !p.required) continue;
      if (!oldParameters.get(`${p.in}.${p.name}`)?.required) {
        add(`newly required parameter: ${where} ${p.in}.${p.name}`, `${where}: ${p.in} parameter ${p.name} is now required`);
      }
    }
  }
  return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The breaking changes not listed in `allowed` (openapi-breaking-changes.json's `changes`, each
 * `{ change, reason }`), and the listed ones that no longer happen (stale entries).
 */
export function unlisted(changes, allowed) {
  const keys = new Set(allowed.map((entry) => entry.change));
  const happening = new Set(changes.map((c) => c.key));
  return { unlisted: changes.filter((c) => !keys.has(c.key)), stale: [...keys].filter((key) => !happening.has(key)).sort() };
}

/** Problems of the allowlist file itself: every entry names a change and gives a reason. */
export function allowlistProblems(list) {
  const problems = [];
  if (!list || typeof list !== 'object' || !Array.isArray(list.changes)) return ['it must be an object with a "changes" array'];
  if (list.baseline !== null && (typeof list.baseline !== 'string' || !/^[0-9a-f]{7,40}$/.test(list.baseline))) {
    problems.push('"baseline" must be a commit hash (or null)');
  }
  list.changes.forEach((entry, i) => {
    if (typeof entry?.change !== 'string' || !entry.change) problems.push(`changes[${i}] has no "change"`);
    if (typeof entry?.reason !== 'string' || !entry.reason.trim()) problems.push(`changes[${i}] has no "reason"`);
  });
  return problems;
}
