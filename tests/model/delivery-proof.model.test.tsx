import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { DeliveryProofView } from '../../src/features/deliveries/DeliveryProofView';
import { PROOF_PACK_TEXTS } from '../../src/lib/proof-of-delivery';
import { deliveryProofMachine } from '../../src/machines/deliveries/delivery-proof.machine';
import { deliveryProofSamples } from '../../src/machines/deliveries/delivery-proof.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

const shown = (label: string) => screen.getByTestId(`proof-${label}`).textContent;

describeModel({
  machine: deliveryProofMachine,
  scenarios: deliveryProofSamples.scenarios,
  targets: deliveryProofSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    render(
      <ChakraProvider value={system}>
        <DeliveryProofView actor={actor} timeZone="Africa/Johannesburg" requestPdf={async () => new Blob(['%PDF'])} />
      </ChakraProvider>,
    );
    return {
      send(event) {
        act(() => {
          if (event.type === 'proof.retry') fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
          else throw new Error(`No UI action for ${event.type}`);
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe('Loading...'),
    loadFailed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(`${PROOF_PACK_TEXTS.loadFailed} ${snapshot.context.problem}`);
      expect(screen.queryByRole('button', { name: /Download the proof/ })).toBeNull();
    },
    shown: (snapshot) => {
      const { proofs, waybill } = snapshot.context.pack!;
      expect(screen.queryByRole('alert')).toBeNull();
      if (proofs.length === 0) {
        expect(screen.getByText(PROOF_PACK_TEXTS.noProof)).toBeTruthy();
        expect(screen.queryByRole('button', { name: /Download the proof/ })).toBeNull();
        return;
      }
      const [proof] = proofs;
      const dropOff = screen.getByRole('article', { name: PROOF_PACK_TEXTS.dropOff(proof!.taskId) });
      expect(within(dropOff).getByRole('img', { name: PROOF_PACK_TEXTS.photoAlt(1) })).toBeTruthy();
      expect(shown(PROOF_PACK_TEXTS.arrivedAt)).toBe('20-11-2026 10:05');
      expect(shown(PROOF_PACK_TEXTS.capturedAt)).toBe('20-11-2026 10:12');
      expect(shown(PROOF_PACK_TEXTS.code)).toBe(PROOF_PACK_TEXTS.codeVerified);
      expect(shown(PROOF_PACK_TEXTS.scans)).toBe(proof!.barcodes.join(', '));
      expect(shown(PROOF_PACK_TEXTS.signature)).toBe(PROOF_PACK_TEXTS.typedName(proof!.signature!));
      expect(shown(PROOF_PACK_TEXTS.location)).toBe('-26.10760, 28.05670');
      expect(screen.getByRole('button', { name: PROOF_PACK_TEXTS.downloadLabel(waybill!) })).toBeTruthy();
    },
  },
});
