import { createElement, type ReactNode } from 'react';
import type { SvgElement } from '../../lib/flows/svg';

/** SVG attribute names → React prop names ('stroke-width' → strokeWidth); data-/aria- stay as they are. */
function propName(name: string): string {
  if (name === 'class') return 'className';
  if (name === 'tabindex') return 'tabIndex';
  if (name.startsWith('data-') || name.startsWith('aria-') || name === 'xmlns') return name;
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Renders the drawing's element tree (src/lib/flows/svg.ts) as React SVG elements. */
export function renderSvgTree(element: SvgElement, key?: string | number): ReactNode {
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(element.attrs)) props[propName(name)] = value;
  const children = (element.children ?? []).map((child, index) => (typeof child === 'string' ? child : renderSvgTree(child, index)));
  return createElement(element.tag, props, ...children);
}
