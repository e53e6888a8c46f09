/**
 * The database password handed to a PostgreSQL client program through its environment
 * (PGPASSWORD), never its arguments: any local account can read a process's arguments (`ps`), only
 * its own account its environment (docs/decisions/266).
 */

/** `url` without its password (in the user part or as `?password=`), and the environment carrying it. */
export function passwordInEnvironment(url: string, base: NodeJS.ProcessEnv = process.env): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  let password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  // The other parameters are kept byte for byte: libpq decodes them its own way (no `+` for space).
  const params = parsed.search
    .slice(1)
    .split('&')
    .filter((p) => {
      if (!p.startsWith('password=')) return true;
      password = decodeURIComponent(p.slice('password='.length));
      return false;
    });
  parsed.search = params.length > 0 && params.join('') !== '' ? `?${params.join('&')}` : '';
  const env = { ...base };
  if (password) env.PGPASSWORD = password;
  return { url: parsed.toString(), env };
}
