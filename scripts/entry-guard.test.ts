import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { checkEntryGraph } from './entry-guard.mjs';

const dirs: string[] = [];
/** A built package in a temp dir: files relative to it, package.json merged with `pkg`. */
function fakePackage(files: Record<string, string>, pkg: Record<string, unknown> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'plinth-guard-'));
  dirs.push(dir);
  const manifest = {
    name: '@plinth/fake',
    dependencies: { 'vendor-sdk': '1.0.0', '@plinth/core': '1.0.0' },
    peerDependencies: { react: '^19.0.0' },
    exports: {
      '.': { import: { default: './dist/index.js' } },
      './testing': { import: { default: './dist/testing/index.js' } },
    },
    ...pkg,
  };
  for (const [file, text] of Object.entries({ 'package.json': JSON.stringify(manifest), ...files })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('entry guard', () => {
  it('passes a lazy vendor chunk, React, core and relative chunks', () => {
    const dir = fakePackage({
      'dist/index.js': `'use client';\nimport { useState } from "react";\nimport { channel } from "@plinth/core";\nexport * from "./chunk-A.js";\nconst load = () => import("vendor-sdk");`,
      'dist/chunk-A.js': `import{jsx as j}from"react/jsx-runtime";export const a=1;`,
    });
    expect(checkEntryGraph(dir)).toEqual({ failures: [], files: 2 });
  });

  it('fails a vendor SDK imported statically, also through a chunk', () => {
    const dir = fakePackage({
      'dist/index.js': `export * from "./chunk-A.js";`,
      'dist/chunk-A.js': `import posthog from "vendor-sdk/dist/module.js";`,
    });
    expect(checkEntryGraph(dir).failures).toEqual([
      expect.stringMatching(/imports the dependency "vendor-sdk\/dist\/module.js" statically/),
    ]);
  });

  it('allows a dependency listed in plinth.staticDependencies', () => {
    const dir = fakePackage(
      { 'dist/index.js': `import x from "vendor-sdk";` },
      { plinth: { staticDependencies: ['vendor-sdk'] } },
    );
    expect(checkEntryGraph(dir).failures).toEqual([]);
  });

  it('fails when the main entry reaches the testing entry or holds test code', () => {
    const dir = fakePackage({
      'dist/index.js': `import "./testing/index.js";\nimport "./chunk-B.js";`,
      'dist/testing/index.js': `export const fake = 1;`,
      'dist/chunk-B.js': `export const b = 1;`,
      'dist/chunk-B.js.map': JSON.stringify({ sources: ['../src/testing/fake.ts'] }),
    });
    const { failures } = checkEntryGraph(dir);
    expect(failures).toContain('the main entry imports the ./testing entry');
    expect(failures.some((f: string) => f.includes('contains test code (../src/testing/fake.ts)'))).toBe(true);
  });

  it('fails an undeclared bare import', () => {
    const dir = fakePackage({ 'dist/index.js': `import "left-pad";` });
    expect(checkEntryGraph(dir).failures).toEqual([
      expect.stringMatching(/"left-pad", which is not a declared dependency/),
    ]);
  });
});
