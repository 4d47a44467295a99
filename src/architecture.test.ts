// The folder rules a newcomer relies on (README "Architecture"): the folders of src/shared, the feature
// folders of the server and the folders of the client each import one another in one direction only,
// and no feature folder of the server reaches into another's routes.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each relative import of a file, resolved to a path without extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.{1,2}\/[^']*)'/g)].map((m) => resolve(dirname(file), m[1] ?? ''));
}

/** The top folder below `root` a path lies in; '.' for files directly in `root`. */
function folderOf(root: string, path: string): string {
  const rel = relative(root, path);
  return rel.includes('/') ? (rel.split('/')[0] ?? '.') : '.';
}

function folderEdges(root: string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(root)) {
    const from = folderOf(root, file);
    for (const target of importsOf(file)) {
      const to = folderOf(root, target);
      if (to === from || relative(root, target).startsWith('..')) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** A path of folders that leads back to its start, or null. */
function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, path: string[]): string[] | null => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('folder rules', () => {
  it('the folders of src/shared import each other in one direction only', () => {
    const edges = folderEdges(join(SRC, 'shared'));
    expect(edges.size).toBeGreaterThan(3);
    expect(findCycle(edges)).toBeNull();
  });

  it("the server's feature folders import each other in one direction only", () => {
    // the files directly in src/server (app, errors, env, limits) are the frame every folder uses
    const edges = folderEdges(join(SRC, 'server'));
    edges.delete('.');
    expect(edges.size).toBeGreaterThan(10);
    expect(findCycle(edges)).toBeNull();
  });

  it("the client's folders import each other in one direction only", () => {
    const edges = folderEdges(join(SRC, 'client'));
    edges.delete('.');
    expect(edges.size).toBeGreaterThan(1);
    expect(findCycle(edges)).toBeNull();
  });

  it('files directly in src/shared import no folder below them', () => {
    expect(folderEdges(join(SRC, 'shared')).get('.')).toBeUndefined();
  });

  it("no feature folder of the server imports another folder's routes", () => {
    const root = join(SRC, 'server');
    const offenders = sources(root).flatMap((file) =>
      importsOf(file)
        .filter((target) => /routes$/.test(target))
        .filter((target) => folderOf(root, file) !== '.' && folderOf(root, target) !== folderOf(root, file))
        .map((target) => `${relative(root, file)} → ${relative(root, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(edges)).toEqual(['a', 'b', 'c', 'a']);
  });
});
