// A service function takes `db` (or a transaction, or the app's deps) and at most one more argument: an id or one
// options object. Positional lists in varying order are how a swapped actor and record id slip through, since both
// are strings. The helpers named below keep their positional lists because no two of their arguments share a type
// (a swap is a compile error), or because they run a callback, which comes last.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVICES = join(import.meta.dirname, '../../src/services');

const POSITIONAL_ON_PURPOSE = new Set([
  'stageChange',
  'changeSet',
  'keysetBatches',
  'portalLink',
  'decryptOrNull',
  'idempotently',
  'ofExistingPartner',
]);

interface ExportedFunction {
  name: string;
  where: string;
  parameters: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The functions a file exports: declarations and constants bound to an arrow or function expression. */
function exportedFunctions(path: string): ExportedFunction[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const where = (node: ts.Node) =>
    `${relative(SERVICES, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const found: ExportedFunction[] = [];
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body)
      found.push({ name: statement.name.text, where: where(statement), parameters: statement.parameters.length });
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
          found.push({
            name: declaration.name.getText(source),
            where: where(declaration),
            parameters: value.parameters.length,
          });
      }
  }
  return found;
}

describe('service signatures', () => {
  const functions = sourceFiles(SERVICES).flatMap(exportedFunctions);

  it('reads the services’ exported functions', () => {
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(['signIn', 'deleteWebhook', 'enqueueMail']));
  });

  it('take the database or deps and at most one more argument', () => {
    const positional = functions
      .filter((f) => f.parameters > 2 && !POSITIONAL_ON_PURPOSE.has(f.name))
      .map((f) => `${f.name} (${f.parameters} parameters) at ${f.where}`);
    expect(positional).toEqual([]);
  });

  it('names only helpers that exist and still take a positional list', () => {
    const kept = functions.filter((f) => POSITIONAL_ON_PURPOSE.has(f.name));
    expect(new Set(kept.map((f) => f.name))).toEqual(POSITIONAL_ON_PURPOSE);
    expect(kept.filter((f) => f.parameters <= 2).map((f) => f.name)).toEqual([]);
  });
});
