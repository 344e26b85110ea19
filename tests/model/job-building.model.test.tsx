import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { JobBuilderView } from '../../src/ui/dispatch/JobBuilder';
import { JOB_BUILDING_TEXTS } from '../../src/lib/jobs-texts';
import { jobBuildingMachine, joinableIds } from '../../src/machines/operations/job-building.machine';
import type { JobBuildingEvent } from '../../src/machines/operations/job-building.types';
import { jobBuildingSamples } from '../../src/machines/operations/job-building.samples';
import { describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof jobBuildingMachine>;

const region = () => within(screen.getByRole('region', { name: JOB_BUILDING_TEXTS.region }));
const submitButton = () => region().queryByRole('button', { name: /^(Create job of|Add \d+ deliver|Choose deliveries)/ });

describeModel({
  machine: jobBuildingMachine,
  scenarios: jobBuildingSamples.scenarios,
  targets: jobBuildingSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><MemoryRouter><JobBuilderView actor={actor} mode={input.jobId === null ? 'list' : 'job'} /></MemoryRouter></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as JobBuildingEvent;
          if (typed.type === 'build.submit') {
            const button = submitButton();
            if (button && !button.hasAttribute('disabled')) fireEvent.click(button);
            else actor.send(typed);
          } else if (typed.type === 'build.toggle') {
            const box = screen.queryByRole('checkbox', { name: JOB_BUILDING_TEXTS.choose(`WB0${typed.deliveryId}`) });
            if (box) fireEvent.click(box);
            else actor.send(typed);
          } else if (typed.type === 'build.target') {
            const select = screen.queryByRole('combobox');
            if (select) fireEvent.change(select, { target: { value: typed.jobId === null ? '' : String(typed.jobId) } });
            else actor.send(typed);
          } else if (typed.type === 'build.again') {
            fireEvent.click(screen.getByRole('button', { name: JOB_BUILDING_TEXTS.again }));
          } else {
            actor.send(typed);
          }
        });
      },
    };
  },
  states: {
    loading: (snapshot: Snapshot) => {
      expect(screen.getByText(JOB_BUILDING_TEXTS.loading)).toBeTruthy();
      expect(screen.getByRole('region', { name: JOB_BUILDING_TEXTS.region }).getAttribute('aria-busy')).toBe('true');
      if (snapshot.context.error) expect(screen.getByText(snapshot.context.error.message, { exact: false })).toBeTruthy();
    },
    editing: (snapshot: Snapshot) => {
      const { context } = snapshot;
      if (!context.options) {
        // Nothing to build from: the failure is shown with a reload, and nothing can be sent.
        expect(screen.getByText(JOB_BUILDING_TEXTS.loadFailed, { exact: false })).toBeTruthy();
        expect(submitButton()!.hasAttribute('disabled')).toBe(true);
        return;
      }
      const joinable = joinableIds(context).length;
      const button = submitButton()!;
      expect(button.textContent).toBe(context.jobId === null ? JOB_BUILDING_TEXTS.create(joinable) : JOB_BUILDING_TEXTS.add(joinable, context.jobId));
      expect(button.hasAttribute('disabled')).toBe(joinable === 0);
      if (context.fixedJobId === null) {
        // Only jobs the job chart lets take deliveries are offered: the unassigned job 7, not the completed job 8.
        const options = within(screen.getByRole('combobox')).getAllByRole('option').map((option) => option.textContent);
        expect(options).toEqual([JOB_BUILDING_TEXTS.newJob, JOB_BUILDING_TEXTS.jobOption(7, 'Unassigned', 1)]);
        expect(screen.getByText(JOB_BUILDING_TEXTS.selected(context.deliveryIds.length, joinable))).toBeTruthy();
      } else {
        expect(screen.queryByRole('combobox')).toBeNull();
        for (const id of [201, 202]) {
          const box = screen.getByRole('checkbox', { name: JOB_BUILDING_TEXTS.choose(`WB0${id}`) }) as HTMLInputElement;
          expect(box.checked).toBe(context.deliveryIds.includes(id));
        }
      }
      if (context.error) expect(screen.getByText(context.error.message)).toBeTruthy();
    },
    submitting: () => {
      expect(screen.getByRole('region', { name: JOB_BUILDING_TEXTS.region }).getAttribute('aria-busy')).toBe('true');
      expect(submitButton()?.hasAttribute('disabled') ?? true).toBe(true);
    },
    built: (snapshot: Snapshot) => {
      const built = snapshot.context.built!;
      expect(screen.getByText(JOB_BUILDING_TEXTS.built(built.job.id, built.deliveries.length))).toBeTruthy();
      expect(screen.getByRole('link', { name: JOB_BUILDING_TEXTS.openJob(built.job.id) }).getAttribute('href')).toBe(`/jobs/edit/${built.job.id}`);
    },
  },
});
