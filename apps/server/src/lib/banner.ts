/** A framed block for the console: what a person must not miss among the log lines. */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '═'.repeat(width + 4);
  return ['', `╔${rule}╗`, ...lines.map((l) => `║  ${l.padEnd(width)}  ║`), `╚${rule}╝`, ''].join('\n') + '\n';
}

/** The admin's sign-in, printed once when the password was generated or reset. */
export function adminPasswordBanner(title: string, username: string, password: string): string {
  return framed([
    title,
    '',
    `  user name:  ${username}`,
    `  password:   ${password}`,
    '',
    'Shown only now: note it, then change it under Profile after signing in.',
    'Lost it? See "Admin password" in README.md.',
  ]);
}
