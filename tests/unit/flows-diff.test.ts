import { describe, expect, it } from 'vitest';
import { chartShape, diffCharts, diffPage, markDrawing } from '../../scripts/flows-diff-core';

const BEFORE = `stateDiagram-v2
  state "idle" as m_idle
  state "busy" as m_busy
  state m_busy {
    state "a" as m_busy_a
    [*] --> m_busy_a
  }
  state "gone" as m_gone
  [*] --> m_idle
  m_idle --> m_busy: go [ready] / start
  m_busy --> m_idle: stop
  m_idle --> m_gone: leave
`;
const AFTER = `stateDiagram-v2
  state "idle" as m_idle
  state "busy" as m_busy
  state m_busy {
    state "a" as m_busy_a
    [*] --> m_busy_a
  }
  state "new" as m_new
  [*] --> m_idle
  m_idle --> m_busy: go [ready] / start, log
  m_busy --> m_new: stop
  m_idle --> m_busy: go [forced]
`;
const drawing = (guard: string) => `<svg xmlns="http://www.w3.org/2000/svg">
  <g class="states">
    <g class="state atomic" data-state="m.idle"><rect/><text>idle</text></g>
    <g class="state atomic" data-state="m.gone"><rect/><text>gone</text></g>
  </g>
  <g class="transitions">
    <g class="transition" data-transition="m.idle:go:0:0"><path/><text>go</text><text>[${guard}]</text><text>/ start</text></g>
    <g class="transition" data-transition="m.busy:stop:0:0"><path/><text>stop</text></g>
  </g>
</svg>`;

describe('flows:diff', () => {
  const diff = diffCharts(chartShape(BEFORE), chartShape(AFTER));

  it('finds added and removed states, and transitions added, removed or changed by target or actions', () => {
    expect(Object.fromEntries(diff.states)).toEqual({ m_gone: 'removed', m_new: 'added' });
    expect(Object.fromEntries(diff.transitions)).toEqual({
      'm_idle|go [ready]': 'changed',
      'm_busy|stop': 'changed',
      'm_idle|leave': 'removed',
      'm_idle|go [forced]': 'added',
    });
    expect(diff.outcomes.get('m_busy|stop')).toEqual({ before: 'm_idle', after: 'm_new' });
    expect(diff.outcomes.get('m_idle|go [ready]')).toEqual({ before: 'm_busy / start', after: 'm_busy / start, log' });
  });

  it('an unchanged chart has no difference, initial states included', () => {
    const same = diffCharts(chartShape(BEFORE), chartShape(BEFORE));
    expect([same.states.size, same.transitions.size]).toEqual([0, 0]);
    expect([...chartShape(BEFORE).transitions.keys()]).toContain('[*]m_busy|');
  });

  it('marks each side of the drawing with its own changes', () => {
    const before = markDrawing(drawing('ready'), diff, 'before');
    expect(before).toContain('<g class="state atomic diff-removed" data-state="m.gone">');
    expect(before).toContain('<g class="transition diff-changed" data-transition="m.idle:go:0:0">');
    expect(before).toContain('<g class="transition diff-changed" data-transition="m.busy:stop:0:0">');
    expect(before).toMatch(/<svg[^>]*>\n {2}<style>/);
    // A removed state is not marked on the after side (it is not drawn there), an unmatched transition is left alone.
    const after = markDrawing(drawing('other'), diff, 'after');
    expect(after).toContain('<g class="state atomic" data-state="m.gone">');
    expect(after).toContain('<g class="transition" data-transition="m.idle:go:0:0">');
  });

  it('the page lists every change with what it went to', () => {
    const page = diffPage('m', 'HEAD~1', diff, '<svg/>', '<svg/>');
    expect(page).toContain('changed transition <code>m_busy</code>: stop → m_idle ⇒ m_new');
    expect(page).toContain('removed state <code>m_gone</code>');
    expect(page).toContain('added transition <code>m_idle</code>: go [forced] → m_busy');
  });
});
