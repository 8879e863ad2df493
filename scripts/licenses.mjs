// Pure license classification for scripts/check-licenses.mjs (tested in packages/user-agent/test).

/** Strong copyleft / source-available licenses a product bundle must not ship. LGPL is fine. */
const DENIED =
  /^(?:AGPL|GPL|SSPL)(?:[-v\d.+]|$)|^GNU (?:AFFERO )?GENERAL PUBLIC LICEN[SC]E|^SERVER SIDE PUBLIC LICENSE/i;

/**
 * Reads a package.json's license as a list of expressions: `license` (SPDX string or the legacy
 * `{ type }` object) or legacy `licenses: [{ type }]`, whose entries are alternatives (OR).
 * @param {Record<string, unknown>} pkg
 * @returns {string | undefined} one SPDX-like expression, or undefined when none is declared
 */
export function declaredLicense(pkg) {
  const one = (value) => {
    if (typeof value === 'string') return value.trim() || undefined;
    if (value && typeof value === 'object' && typeof value.type === 'string') return value.type.trim() || undefined;
    return undefined;
  };
  const license = one(pkg?.license);
  if (license) return license;
  if (Array.isArray(pkg?.licenses)) {
    const all = pkg.licenses.map(one).filter(Boolean);
    if (all.length) return all.length === 1 ? all[0] : `(${all.join(' OR ')})`;
  }
  return one(pkg?.licenses);
}

function tokenize(expression) {
  return expression.match(/\(|\)|[^\s()]+/g) ?? [];
}

/**
 * Evaluates an SPDX expression: true when it can be satisfied without a denied license
 * (`MIT OR GPL-3.0` is fine — choose MIT; `MIT AND GPL-3.0` is not). Unparseable input falls
 * back to "denied if any denied identifier appears".
 */
function acceptable(expression) {
  const tokens = tokenize(expression);
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();
  const leaf = () => {
    if (peek() === '(') {
      at++;
      const value = or();
      if (peek() !== ')') throw new SyntaxError('unbalanced parentheses');
      at++;
      return value;
    }
    const id = tokens[at++];
    if (id === undefined || ['AND', 'OR', 'WITH', ')'].includes(id.toUpperCase())) throw new SyntaxError('expected id');
    if (peek() === 'WITH') at += 2; // an exception narrows a license but does not change its family
    return !DENIED.test(id);
  };
  const and = () => {
    let value = leaf();
    while (peek() === 'AND') {
      at++;
      value = leaf() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (peek() === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  try {
    const value = or();
    if (at !== tokens.length) throw new SyntaxError('trailing tokens');
    return value;
  } catch {
    // Not SPDX ("GNU GPL v3", "MIT/X11"…): look at the whole text and at each word.
    return !DENIED.test(expression.trim()) && !tokens.some((token) => DENIED.test(token));
  }
}

/**
 * Classifies a package's declared license.
 * @param {Record<string, unknown>} pkg a package.json object
 * @returns {{ verdict: 'ok' | 'denied' | 'missing', license: string | undefined, reason: string }}
 *   `denied`: AGPL, GPL (not LGPL), SSPL, or UNLICENSED (proprietary) — fails the check.
 *   `missing`: no license declared, or only "SEE LICENSE IN …" — a warning.
 */
export function classifyLicense(pkg) {
  const license = declaredLicense(pkg);
  if (!license) return { verdict: 'missing', license, reason: 'no license field' };
  if (/^UNLICENSED$/i.test(license)) return { verdict: 'denied', license, reason: 'UNLICENSED (proprietary)' };
  if (/^SEE LICEN[CS]E IN /i.test(license))
    return { verdict: 'missing', license, reason: 'license in a file, not SPDX' };
  if (!acceptable(license))
    return { verdict: 'denied', license, reason: 'copyleft or source-available (AGPL/GPL/SSPL)' };
  return { verdict: 'ok', license, reason: 'allowed' };
}
