// A local ESLint rule: web features do not import each other, and only src/app imports src/app
// (CONVENTIONS.md, after bulletproof-react's import/no-restricted-paths). Written here because
// the import plugins pull native resolver bindings that this registry does not fully carry.
import path from 'node:path';

const FEATURE_MESSAGE =
  'Features do not import each other: compose them in src/app/routes, or move the shared piece to src/components or src/lib.';
const APP_MESSAGE =
  'Only src/app may import src/app (pages compose features, not the other way round).';

/** Where a file sits in apps/web/src: its top folder and, for features, the feature's name. */
function locate(file, srcRoot) {
  const relative = path.relative(srcRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [top, feature] = relative.split(path.sep);
  return { top, feature: top === 'features' ? feature : undefined };
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep web features from importing each other' },
    schema: [
      { type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false },
    ],
  },
  create(context) {
    const srcRoot = path.resolve(context.cwd, context.options[0]?.srcRoot ?? 'apps/web/src');
    const from = locate(context.filename, srcRoot);
    if (!from) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = locate(path.resolve(path.dirname(context.filename), specifier), srcRoot);
      if (!to) return;
      if (to.top === 'features' && from.top === 'features' && to.feature !== from.feature) {
        context.report({ node, message: FEATURE_MESSAGE });
      } else if (to.top === 'features' && (from.top === 'components' || from.top === 'lib')) {
        context.report({ node, message: FEATURE_MESSAGE });
      } else if (to.top === 'app' && from.top !== 'app' && from.top !== 'main.tsx') {
        context.report({ node, message: APP_MESSAGE });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
