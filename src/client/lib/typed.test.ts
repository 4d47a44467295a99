import { describe, expectTypeOf, it } from 'vitest';
import type { ConsumptionUnit, MeterKind } from '../../shared/vocabulary';
import type { CostFormValues, SettlementFormValues } from '../routes/settlements/editor/formValues';
import type { HeatingFormValues } from '../routes/settlements/editor/heating/heatingForm';
import type { Typed } from './typed';

// Checked by the type checker (npm run typecheck): a form type that drifts from the request schema fails it.
describe('Typed', () => {
  it('types numbers as text, renames …Cents and makes optional fields present', () => {
    expectTypeOf<
      Typed<{ amountCents: number; kg?: number; done: boolean; list: readonly number[] }>
    >().toEqualTypeOf<{
      amount: string;
      kg: string;
      done: boolean;
      list: string[];
    }>();
  });

  it('derives the settlement form from the request schema', () => {
    expectTypeOf<SettlementFormValues['prepaymentsPaid']>().toEqualTypeOf<Record<string, string>>();
    expectTypeOf<SettlementFormValues['letter']['bank']>().toEqualTypeOf<{
      holder: string;
      iban: string;
      bic: string;
      bank: string;
    }>();
    expectTypeOf<CostFormValues['consumption']>().toEqualTypeOf<
      { totalUnits: string; byTenancy: Record<string, string>; unit: ConsumptionUnit } & {
        meterKind: '' | MeterKind;
      }
    >();
    expectTypeOf<HeatingFormValues['computed']['fuel']['openingStock']>().toEqualTypeOf<{
      quantity: string;
      value: string;
      kwh: string;
    }>();
    expectTypeOf<HeatingFormValues['service']['byTenancy']>().toEqualTypeOf<
      Record<string, { heating: string; hotWater: string }>
    >();
    expectTypeOf<HeatingFormValues['co2']>().toEqualTypeOf<{
      kg: string;
      cost: string;
      alreadyDeducted: boolean;
      cutWithoutData: boolean;
    }>();
  });
});
