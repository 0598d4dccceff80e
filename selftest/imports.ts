// Every module reference in a TypeScript source, read with the TypeScript parser: static imports,
// re-exports, type-only imports, dynamic import(), require(), import x = require(), tsx's tsImport().
import ts from 'typescript';

export interface ImportRef {
  specifier: string | undefined;
  line: number;
  kind: string;
  /** Erased when compiled: `import type`, `export type … from`, a `typeof import()` type, or named bindings that are all types. */
  typeOnly: boolean;
}

/** Every module reference in a source text; `specifier` is undefined when it is computed. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: ImportRef[] = [];
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const add = (node: ts.Node, kind: string, spec: ts.Node | undefined, typeOnly = false) =>
    out.push({ specifier: literal(spec), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, kind, typeOnly });
  const typeOnlyImport = (node: ts.ImportDeclaration) => {
    const clause = node.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node, 'import', node.moduleSpecifier, typeOnlyImport(node));
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier) add(node, 'export from', node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, 'import = require', node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, 'import type()', node.argument.literal, true);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) add(node, 'import()', node.arguments[0]);
      else if (ts.isIdentifier(callee) && /^(require|__\w*[Rr]equire)$/.test(callee.text)) add(node, 'require()', node.arguments[0]);
      else if ((ts.isIdentifier(callee) && callee.text === 'tsImport') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'tsImport')) add(node, 'tsImport()', node.arguments[0]);
      else if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve' && ts.isIdentifier(callee.expression) && callee.expression.text === 'require') add(node, 'require.resolve()', node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
