import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { VISITOR_CHAT_TEXTS } from '../../src/lib/visitor-chat';
import { visitorChatMachine } from '../../src/machines/public/visitor-chat.machine';
import { VisitorChatView } from '../../src/ui/public/ChatWidget';
import { system } from '../../src/ui/theme';

// The chat button floated over whatever scrolled under it on a phone (the tracking map's controls, the footer's
// links): on the narrowest widths it is in the page's flow; from md up it floats in the bottom right corner.
// jsdom applies no media query, so what it computes is the phone's (base) style.
describe('the chat widget\'s button', () => {
  it('is in the page\'s flow on a phone, at the end of the line', () => {
    const actor = createActor(visitorChatMachine, { input: { cca2: 'ZA', token: null } }).start();
    render(<ChakraProvider value={system}><VisitorChatView actor={actor} /></ChakraProvider>);
    const button = screen.getByRole('button', { name: VISITOR_CHAT_TEXTS.open });
    const style = getComputedStyle(button);
    expect(style.position).toBe('static');
    expect(style.marginLeft).toBe('auto');
    // The fixed corner is only for md and up (the rule sits in a min-width media query).
    const fixedRules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule)
      .filter((rule) => [...rule.cssRules].some((inner) => inner instanceof CSSStyleRule && button.matches(inner.selectorText) && inner.style.position === 'fixed'));
    expect(fixedRules.map((rule) => rule.conditionText)).toEqual([expect.stringMatching(/min-width: ?48rem/)]);
  });
});
