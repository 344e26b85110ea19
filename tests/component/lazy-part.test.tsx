import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SCREEN_TEXTS } from '../../src/lib/error-catalogue';
import { system } from '../../src/ui/theme';
import { lazyPart, PART_RETRY_MS } from '../../src/ui/lazy-part';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

class Outer extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) { return { error }; }
  override render() { return this.state.error ? <p>app error: {this.state.error.message}</p> : this.props.children; }
}

const show = (node: ReactNode) => render(<ChakraProvider value={system}><Outer><p>the rest of the screen</p>{node}</Outer></ChakraProvider>);

describe('lazyPart: a part of a screen loaded on first use', () => {
  it('shows the part once its code has loaded, with its fallback meanwhile', async () => {
    const Part = lazyPart(async () => Greeting, (module) => module, () => <p>loading</p>);
    show(<Part name="Ann" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
  });

  it('a failed fetch of its code: only the part says so, and Try again loads it', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Part.js'))
      .mockResolvedValue(Greeting);
    const Part = lazyPart(load, (module) => module, () => <p>loading</p>);
    show(<Part name="Ann" />);
    expect((await screen.findByRole('alert')).textContent).toContain(SCREEN_TEXTS.partNotLoaded);
    expect(screen.getByText('the rest of the screen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: SCREEN_TEXTS.partRetry }));
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again by itself after a failed fetch (the server may only be restarting)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const load = vi.fn<() => Promise<typeof Greeting>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockResolvedValue(Greeting);
      const Part = lazyPart(load, (module) => module, () => <p>loading</p>);
      show(<Part name="Ann" />);
      // Timers are fake: time moves only here (testing-library's findBy would wait on a fake clock).
      const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
      await wait(0);
      expect(screen.getByText(SCREEN_TEXTS.partNotLoaded)).toBeTruthy();
      await wait(PART_RETRY_MS);
      expect(load).toHaveBeenCalledTimes(2);
      expect(screen.getByText(SCREEN_TEXTS.partNotLoaded)).toBeTruthy();
      // The second wait is twice as long.
      await wait(PART_RETRY_MS);
      expect(load).toHaveBeenCalledTimes(2);
      await wait(PART_RETRY_MS);
      expect(load).toHaveBeenCalledTimes(3);
      expect(screen.getByText('Hello Ann')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an error of the part itself is not taken for a failed load: the app\'s boundary gets it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = (): ReactNode => { throw new Error('render bug'); };
    const Part = lazyPart(async () => Broken, (module) => module, () => <p>loading</p>);
    show(<Part />);
    expect(await screen.findByText('app error: render bug')).toBeTruthy();
    expect(screen.queryByText(SCREEN_TEXTS.partNotLoaded)).toBeNull();
    vi.restoreAllMocks();
  });

  it('a module fetched without the component is a defect, not a failed load: the app\'s boundary gets it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pick = (module: { Component?: typeof Greeting }) => {
      if (!module.Component) throw new Error('exports no Component');
      return module.Component;
    };
    const Part = lazyPart(async () => ({}), pick, () => <p>loading</p>);
    show(<Part name="Ann" />);
    expect(await screen.findByText('app error: exports no Component')).toBeTruthy();
    expect(screen.queryByText(SCREEN_TEXTS.partNotLoaded)).toBeNull();
    vi.restoreAllMocks();
  });
});
