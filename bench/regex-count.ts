// The regular expressions the receipt parser is made of: literals and `new RegExp(...)` calls in
// the non-test files under src/domain/receipt/. Printed by bench/receipts.ts beside the figures:
// a rule added for one photo usually comes as one more of these.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export function regexCount(dir = path.join(import.meta.dirname, '../src/domain/receipt')): {
  total: number;
  byFile: Record<string, number>;
} {
  const byFile: Record<string, number> = {};
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(dir, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    let n = 0;
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) n++;
      if (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp') n++;
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (n > 0) byFile[file] = n;
  }
  return { total: Object.values(byFile).reduce((a, b) => a + b, 0), byFile };
}
