import { defineSamples } from '../samples';
import { dashboardMachine } from './dashboard.machine';

export const dashboardSamples = defineSamples(dashboardMachine, [
  {
    name: 'an operator narrows the dashboard, hides and shows the side bars, clears the filters',
    input: undefined,
    events: [
      { type: 'dashboard.filter', field: 'logisticstatuses', value: '10001' },
      { type: 'dashboard.filter.remove', field: 'logisticstatuses' },
      { type: 'dashboard.ids', kind: 'job', ids: [1] },
      { type: 'dashboard.search', text: 'WBJ' },
      { type: 'dashboard.tab.jobs' },
      { type: 'dashboard.tab.drivers' },
      { type: 'dashboard.tab.deliveries' },
    ],
  },
], 'transitions');
