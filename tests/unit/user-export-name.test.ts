import { describe, expect, it } from 'vitest';
import { userExportName } from '../../src/lib/roles';
import { usersResource } from '../../src/resources/users';

describe('the users export is named for its role filter (000 section 9: Drivers, Assistants, Users)', () => {
  it('names the file the server and the browser use', () => {
    expect(userExportName('Driver')).toBe('Drivers');
    expect(userExportName('Assistant')).toBe('Assistants');
    expect(userExportName('Administrator')).toBe('Users');
    expect(userExportName(undefined)).toBe('Users');
    const params = { page: 1, pageSize: 10, sortBy: 'lastName', sortDirection: 'asc' as const, search: '' };
    expect(usersResource.exportNameOf?.({ ...params, filters: { roles: 'Assistant' } })).toBe('Assistants');
    expect(usersResource.exportNameOf?.({ ...params, filters: {} })).toBe('Users');
  });
});
