import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { ScreenLogicContext } from '../../src/app/screen-logic';
import { SessionErrorScreen } from '../../src/app/StartupScreens';
import { system } from '../../src/ui/theme';
import { SESSION_ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { countdownMachine, secondsLeft } from '../../src/machines/session/countdown.machine';
import { countdownSamples } from '../../src/machines/session/countdown.samples';
import { errorReportMachine } from '../../src/machines/session/error-report.machine';
import { describeModel } from '../support/model-paths';

const reload = vi.fn();

describeModel({
  machine: countdownMachine.provide({ actions: { reload } }),
  scenarios: countdownSamples.scenarios,
  targets: countdownSamples.targets,
  guards: true,
  start(machine, _input, clock) {
    reload.mockClear();
    render(
      <ChakraProvider value={system}>
        <ScreenLogicContext.Provider value={{ countdown: machine, errorReport: errorReportMachine, clock }}>
          <SessionErrorScreen />
        </ScreenLogicContext.Provider>
      </ChakraProvider>,
    );
    return {
      send(event) {
        if (event.type === 'countdown.reloadNow') fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
        else throw new Error(`No UI action for ${event.type}`);
      },
    };
  },
  states: {
    counting: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(SESSION_ERROR_TEXTS.title);
      const seconds = secondsLeft(snapshot.context);
      expect(screen.getByRole('timer').textContent).toBe(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
      expect(reload).not.toHaveBeenCalled();
    },
    reloading: () => {
      expect(reload).toHaveBeenCalledTimes(1);
      expect((screen.getByRole('button', { name: 'Reload now' }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
});

