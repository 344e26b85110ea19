import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScreenLogicContext } from '../../src/app/screen-logic';
import { system } from '../../src/ui/theme';
import { UnhandledErrorScreen } from '../../src/app/UnhandledErrorScreen';
import { ERROR_TEXTS, SCREEN_TEXTS } from '../../src/lib/error-catalogue';
import { countdownMachine } from '../../src/machines/session/countdown.machine';
import { errorReportMachine, frontendErrorReport } from '../../src/machines/session/error-report.machine';
import { errorReportSamples } from '../../src/machines/session/error-report.samples';
import { describeModel } from '../support/model-paths';

const reload = vi.fn();

describeModel({
  machine: errorReportMachine,
  scenarios: errorReportSamples.scenarios,
  targets: errorReportSamples.targets,
  guards: true,
  start(machine, input, clock) {
    reload.mockClear();
    render(
      <ChakraProvider value={system}>
        <ScreenLogicContext.Provider value={{ countdown: countdownMachine.provide({ actions: { reload } }), errorReport: machine, clock }}>
          <UnhandledErrorScreen error={input.error} auth={input.auth} />
        </ScreenLogicContext.Provider>
      </ChakraProvider>,
    );
    return {
      send(event) {
        throw new Error(`No UI action for ${event.type}`);
      },
    };
  },
  states: {
    reporting: (snapshot) => {
      expect(screen.getByRole('status').textContent).toBe(SCREEN_TEXTS.reportingError);
      expect(screen.queryByRole('timer')).toBeNull();
      expect(snapshot.context.report).toMatchObject({
        Error: "TypeError: Cannot read properties of undefined (reading 'map')",
        Url: 'http://localhost:3000/deliveries',
        Agent: 'test-agent',
        Auth: '12',
      });
    },
    logged: () => {
      expect(screen.getByRole('alert').textContent).toBe('4711 - An error has occured and will be fixed soon!. Trying again in');
      expect(screen.getByRole('timer').textContent).toBe('30 seconds');
    },
    notLogged: () => {
      expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.unhandledNotLogged);
      expect(screen.getByRole('timer').textContent).toBe('30 seconds');
    },
  },
});

describe('the report of POST /errors/frontend', () => {
  it('keeps within the contract\'s field limits and leaves out what it does not have', () => {
    const report = frontendErrorReport({ error: new Error('x'.repeat(5000)), url: '/'.repeat(3000), agent: 'a'.repeat(2000), auth: undefined });
    expect(report.Error).toHaveLength(2000);
    expect(report.Url).toHaveLength(2000);
    expect(report.Agent).toHaveLength(1000);
    expect(report.Stack!.length).toBeLessThanOrEqual(16000);
    expect('Auth' in report).toBe(false);
  });

  it('reports what was thrown even when it is not an Error', () => {
    expect(frontendErrorReport({ error: 'plain text', url: '/', agent: 'a', auth: '1' })).toEqual({ Error: 'plain text', Url: '/', Agent: 'a', Auth: '1' });
    expect(frontendErrorReport({ error: '', url: '/', agent: 'a', auth: undefined }).Error).toBe('Unknown error');
  });
});
