import type { ApiError } from '../../api/api-error';
import type { SelectOption } from '../../resources/types';
import type { PublicParcelType, PublicPrice, PublicSlaType } from './public.actors';

export interface PriceCalculatorInput {
  cca2: string;
}

export interface PriceCalculatorContext {
  cca2: string;
  parcelTypes: PublicParcelType[];
  from: SelectOption | null;
  to: SelectOption | null;
  parcelTypeId: number | null;
  slaType: PublicSlaType;
  price: PublicPrice | null;
  error: ApiError | null;
}

export type PriceCalculatorEvent =
  | { type: 'from.select'; place: SelectOption | null }
  | { type: 'to.select'; place: SelectOption | null }
  | { type: 'parcel.select'; parcelTypeId: number }
  | { type: 'level.select'; slaType: PublicSlaType }
  | { type: 'retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input). */
export interface PriceCalculatorSchema {
  input: PriceCalculatorInput;
  context: PriceCalculatorContext;
  events: PriceCalculatorEvent;
}
