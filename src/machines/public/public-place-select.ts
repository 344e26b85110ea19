import { searchSelectMachine } from '../lists/search-select.machine';
import { searchPublicPlaces } from './public.actors';

/**
 * The calculator's From and To: the shared search select whose search is the public place search. Named `...Logic`,
 * not `...Machine`: the /flows catalogue lists it once, as the search select it is.
 */
export const publicPlaceSelectLogic = searchSelectMachine.provide({ actors: { searchOptions: searchPublicPlaces } });
