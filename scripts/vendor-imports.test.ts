import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One door per vendor: in every published package, only src/adapter/ may name a vendor package (a
// dependency that is not @plinth's), in any import form. The sandbox, a Node tool whose vendors are
// its own src/vendors/ files, is not a wrapper and is left out.
const root = join(import.meta.dirname, '..');
const packages = readdirSync(join(root, 'packages')).filter((name) => {
  const manifest = join(root, 'packages', name, 'package.json');
  return name !== 'sandbox' && existsSync(manifest) && !JSON.parse(readFileSync(manifest, 'utf8')).private;
});

const importsOf = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g)].map(
    ([, spec]) => spec!,
  );

function scan(name: string) {
  const dir = join(root, 'packages', name);
  const { dependencies = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const vendors = Object.keys(dependencies).filter((dep) => !dep.startsWith('@plinth/'));
  const src = join(dir, 'src');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.(tsx?|mts|cts)$/.test(file));
  const vendorOf = (spec: string) => vendors.find((vendor) => spec === vendor || spec.startsWith(`${vendor}/`));
  const uses = files.flatMap((file) =>
    importsOf(readFileSync(join(src, file), 'utf8')).flatMap((spec) => {
      const vendor = vendorOf(spec);
      return vendor ? [{ file: file.replaceAll('\\', '/'), spec, vendor }] : [];
    }),
  );
  return { vendors, uses };
}

describe.each(packages)('@plinth/%s', (name) => {
  const { vendors, uses } = scan(name);

  it('imports its vendors from src/adapter/ (positive control: the scan finds them there)', () => {
    const fromAdapters = new Set(uses.filter((u) => u.file.startsWith('adapter/')).map((u) => u.vendor));
    for (const vendor of vendors) expect(fromAdapters, `${vendor} is imported by an adapter`).toContain(vendor);
  });

  it('names no vendor package outside src/adapter/', () => {
    expect(uses.filter((u) => !u.file.startsWith('adapter/')).map((u) => `${u.file}: ${u.spec}`)).toEqual([]);
  });
});

it('scans every published package that wraps a vendor', () => {
  expect(packages).toEqual(expect.arrayContaining(['analytics', 'auth', 'flags', 'logging', 'svg', 'lazy']));
});
