import { and, eq, isNull, sql } from 'drizzle-orm';
import { boundsOf, type Position } from '../../src/lib/polygon';
import type { Database } from './database';
import { portals, territories, territoryAreas, territoryPermissions, users } from './schema';

type Ring = readonly Position[];
const closed = (ring: Ring): [number, number][] => [...ring, ring[0]!].map(([lon, lat]) => [lon, lat]);

/**
 * Two demo territories of the ZA portal, drawn around the gazetteer's suburbs (positions [lon, lat]): Cape Town
 * with an exception cut out around Kirstenbosch, and Johannesburg (Soweto deliberately outside). Found again by
 * name, so running the seed twice adds nothing.
 */
export const DEMO_TERRITORIES = [
  {
    name: 'Cape Town',
    areas: [
      {
        areaName: 'Atlantic Seaboard and City Bowl', kind: 'area',
        ring: [[18.37, -33.9], [18.46, -33.9], [18.46, -33.945], [18.42, -33.96], [18.38, -33.97], [18.36, -33.94]],
      },
      {
        areaName: 'Southern Suburbs', kind: 'area',
        ring: [[18.465, -33.93], [18.5, -33.93], [18.5, -34.04], [18.42, -34.04], [18.42, -33.975], [18.455, -33.955]],
      },
      {
        areaName: 'Kirstenbosch Gardens', kind: 'exception',
        ring: [[18.425, -33.98], [18.44, -33.98], [18.44, -33.995], [18.425, -33.995]],
      },
    ],
    permissions: [{ role: 'Driver' }],
  },
  {
    name: 'Johannesburg',
    areas: [
      { areaName: 'Sandton and Rosebank', kind: 'area', ring: [[28, -26.08], [28.09, -26.08], [28.09, -26.16], [28, -26.16]] },
      { areaName: 'Inner City', kind: 'area', ring: [[28, -26.165], [28.07, -26.165], [28.07, -26.22], [28, -26.22]] },
    ],
    permissions: [{ email: 'driver@demo.test' }],
  },
] as const satisfies readonly {
  name: string;
  areas: readonly { areaName: string; kind: 'area' | 'exception'; ring: Ring }[];
  permissions: readonly ({ role: string } | { email: string })[];
}[];

export async function seedTerritories(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(sql`lower(${portals.cca2})`, 'za'));
  if (!za) return;
  for (const territory of DEMO_TERRITORIES) {
    let [row] = await db.select({ id: territories.id }).from(territories).where(and(eq(territories.portalId, za.id), eq(territories.name, territory.name)));
    if (!row) [row] = await db.insert(territories).values({ portalId: za.id, name: territory.name }).returning({ id: territories.id });
    const territoryId = row!.id;
    for (const area of territory.areas) {
      const [existing] = await db.select({ id: territoryAreas.id }).from(territoryAreas).where(and(
        eq(territoryAreas.territoryId, territoryId), eq(territoryAreas.kind, area.kind), eq(territoryAreas.areaName, area.areaName),
      ));
      if (existing) continue;
      const bounds = boundsOf([area.ring])!;
      await db.insert(territoryAreas).values({
        territoryId, areaName: area.areaName, kind: area.kind, polygon: closed(area.ring),
        minLat: bounds.minLat, maxLat: bounds.maxLat, minLon: bounds.minLon, maxLon: bounds.maxLon,
      });
    }
    for (const permission of territory.permissions) {
      if ('role' in permission) {
        const [existing] = await db.select({ id: territoryPermissions.id }).from(territoryPermissions)
          .where(and(eq(territoryPermissions.territoryId, territoryId), eq(territoryPermissions.role, permission.role), isNull(territoryPermissions.userId)));
        if (!existing) await db.insert(territoryPermissions).values({ territoryId, role: permission.role });
      } else {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, permission.email));
        if (!user) continue;
        const [existing] = await db.select({ id: territoryPermissions.id }).from(territoryPermissions)
          .where(and(eq(territoryPermissions.territoryId, territoryId), eq(territoryPermissions.userId, user.id)));
        if (!existing) await db.insert(territoryPermissions).values({ territoryId, userId: user.id });
      }
    }
  }
}
