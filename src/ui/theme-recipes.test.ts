// Every Chakra component we use gets its look (issue 19): the app's system registers only the recipes the first screens
// need (theme.ts), a screen loaded later passes its component's recipe itself (Chakra's `recipe` prop). A component
// with neither renders unstyled without any error, so this reads every import of '@chakra-ui/react' under src/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

const srcDir = new URL('..', import.meta.url).pathname;

/** Chakra components drawn by another component's recipe (IconButton and CloseButton are a Button). */
const DRAWN_AS: Record<string, string> = { IconButton: 'button', CloseButton: 'button' };

const defaultRecipeKeys = new Set([...Object.keys(defaultConfig.theme?.recipes ?? {}), ...Object.keys(defaultConfig.theme?.slotRecipes ?? {})]);

/** The key of the recipe Chakra's default config has for a component (Chakra names them after the component), if any. */
function recipeKeyOf(component: string): string | undefined {
  const key = DRAWN_AS[component] ?? component.charAt(0).toLowerCase() + component.slice(1);
  return defaultRecipeKeys.has(key) ? key : undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface Use { file: string; component: string; key: string; elements: number; withRecipeProp: number }

/** Each Chakra component with a default recipe that a file imports, and how many of its elements pass `recipe`. */
function chakraUses(file: string): Use[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const uses = new Map<string, Use>(); // by local name
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || (statement.moduleSpecifier as ts.StringLiteral).text !== '@chakra-ui/react') continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.isTypeOnly) continue;
    for (const element of bindings.elements) {
      if (element.isTypeOnly) continue;
      const component = (element.propertyName ?? element.name).text;
      const key = recipeKeyOf(component);
      if (key) uses.set(element.name.text, { file: relative(srcDir, file), component, key, elements: 0, withRecipeProp: 0 });
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      // The element that carries the recipe: the component itself, or the Root (RootProvider) of a slot recipe's parts.
      const tag = node.tagName.getText(source);
      const [local, part] = tag.split('.');
      const use = uses.get(local!);
      if (use && (part === undefined || part === 'Root' || part === 'RootProvider')) {
        use.elements += 1;
        if (node.attributes.properties.some((attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'recipe')) use.withRecipeProp += 1;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...uses.values()];
}

const uses = sourceFiles(srcDir).flatMap(chakraUses);
const registered = (key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

describe("the app's Chakra system and the components we use", () => {
  it('finds the components (the reading of imports works)', () => {
    expect(uses.map((use) => use.component)).toEqual(expect.arrayContaining(['Button', 'Alert', 'Dialog']));
  });

  it('gives every Chakra component with a default recipe its recipe: registered in the system, or passed on every element', () => {
    const unstyled = uses
      .filter((use) => !registered(use.key) && use.withRecipeProp < use.elements)
      .map((use) => `${use.file}: ${use.component} (recipe "${use.key}") on ${use.elements - use.withRecipeProp} of ${use.elements} elements has no recipe`);
    expect(unstyled).toEqual([]);
  });

  it('registers no recipe that only a later screen needs, nor one no component uses (every page loads the system)', () => {
    const usedByRegistry = new Set(uses.filter((use) => use.withRecipeProp < use.elements || use.elements === 0).map((use) => use.key));
    const registeredKeys = [...defaultRecipeKeys].filter(registered);
    expect(registeredKeys.filter((key) => !usedByRegistry.has(key))).toEqual([]);
  });
});
