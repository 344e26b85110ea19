import { searchSelectLogic } from '../lists/search-select.logic';
import { searchPublicPlaces } from './public.actors';

/**
 * The calculator's From and To: the shared search select whose search is the public place search. Named `...Logic`,
 * not `...Machine`: the /flows catalogue lists it once, as the search select it is. Built on the chart without the
 * back office's searches, so the /pricing island does not load the resource registry.
 */
export const publicPlaceSelectLogic = searchSelectLogic.provide({ actors: { searchOptions: searchPublicPlaces } });
