import { fromPromise } from 'xstate';
import { api } from '../../api';
import type { SelectOption } from '../../resources/types';
import { searchSelectMachine } from '../lists/search-select.machine';
import type { SearchOptionsInput } from '../lists/search-select.types';

/** The vehicle form's driver search: getdrivers (users with the Driver role) by name, email or phone. */
export const searchDrivers = fromPromise<SelectOption[], SearchOptionsInput>(async ({ input, signal }) => {
  const { data } = await api.connect.GET('/drivers/{cca2}', { params: { path: { cca2: input.cca2 }, query: { search: input.term, page: 1, pageSize: 20 } }, signal });
  return (data?.items ?? []).map((driver) => ({ key: String(driver.id), value: `${driver.fullName} (${driver.email})` }));
});

/** The shared searchable select over drivers (the list machine's select with its search swapped). */
export const driverSelectLogic = searchSelectMachine.provide({ actors: { searchOptions: searchDrivers } });
