import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import packageJson from '../package.json';

// One door per vendor: only src/adapter/ may name a vendor package, in any import form.
const src = import.meta.dirname;
const vendors = Object.keys(packageJson.dependencies).filter((name) => !name.startsWith('@plinth/'));
const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.(tsx?|mts|cts)$/.test(file));
const importsOf = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g)].map(
    ([, spec]) => spec!,
  );
const vendorOf = (spec: string) => vendors.find((name) => spec === name || spec.startsWith(`${name}/`));
const isVendor = (spec: string) => vendorOf(spec) !== undefined;

describe('vendor imports', () => {
  it('finds the adapters importing their vendors (positive control)', () => {
    const adapters = files.filter((file) => file.startsWith('adapter/'));
    const imported = adapters.flatMap((file) => importsOf(readFileSync(join(src, file), 'utf8')).map(vendorOf));
    expect(new Set(imported.filter(Boolean))).toEqual(new Set(vendors));
  });

  it('names no vendor package outside src/adapter/', () => {
    const offenders = files
      .filter((file) => !file.startsWith('adapter/'))
      .flatMap((file) =>
        importsOf(readFileSync(join(src, file), 'utf8'))
          .filter(isVendor)
          .map((spec) => `${relative(src, join(src, file))}: ${spec}`),
      );
    expect(offenders).toEqual([]);
  });
});
