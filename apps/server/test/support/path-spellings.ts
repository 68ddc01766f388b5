const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/**
 * Spellings of one path that a router may decode or normalise to the same route, or that try to: each
 * character percent-encoded (lower- and upper-case escapes), all of them, `%2f` for a slash, doubled
 * and trailing slashes, an absolute-form request line, a public prefix followed by a dot segment.
 */
export function spellings(path: string): string[] {
  const out = new Set<string>([path]);
  const chars = [...path];
  chars.forEach((c, i) => {
    if (c === '/') return;
    out.add(chars.map((d, j) => (j === i ? `%${hex(c)}` : d)).join(''));
    out.add(chars.map((d, j) => (j === i ? `%${hex(c).toUpperCase()}` : d)).join(''));
  });
  out.add(chars.map((c) => (c === '/' ? c : `%${hex(c)}`)).join(''));
  out.add(chars.map((c) => (c === '/' ? c : `%${hex(c).toUpperCase()}`)).join(''));
  const prefix = '/3ds/api/';
  if (path.startsWith(prefix)) {
    const rest = path.slice(prefix.length);
    out.add(`/%33%64%73/%61%70%69/${rest}`);
    out.add(`/3ds/api%2f${rest}`);
    out.add(`/3ds%2Fapi%2F${rest.replaceAll('/', '%2F')}`);
    out.add(`/3ds/api/docs/../${rest}`);
    out.add(`/3ds/api/docs/..%2f${rest}`);
    out.add(`/3ds/api/health/%2e%2e/${rest}`);
    out.add(`/3ds/api/login/../${rest}`);
  }
  chars.forEach((c, i) => {
    if (c === '/') {
      out.add(`${path.slice(0, i)}/${path.slice(i)}`);
      if (i > 0) out.add(`${path.slice(0, i)}%2f${path.slice(i + 1)}`);
    }
  });
  out.add(`${path}/`);
  out.add(path.replaceAll('/', '//'));
  out.add(`http://localhost${path}`);
  out.add(`http://localhost/%33ds/%61pi${path.slice(8)}`);
  return [...out];
}

