import { queryOptions } from '@tanstack/react-query';
import type { PropertyType } from '../../../shared/catalog';
import type { PropertyFormValues, PropertyJson } from '../../../shared/schemas/property';
import { api } from '../../lib/api';

/** A property as GET /api/properties answers it; its type one of the catalog's. */
export type Property = PropertyJson & { type: PropertyType };

export const propertiesKey = ['properties'] as const;

/** The user's properties, newest first. */
export const propertiesQuery = queryOptions({
  queryKey: propertiesKey,
  queryFn: ({ signal }) => api<Property[]>('/api/properties', { signal }),
});

export const propertyQuery = (id: string) =>
  queryOptions({
    queryKey: [...propertiesKey, id],
    queryFn: ({ signal }) => api<Property>(`/api/properties/${encodeURIComponent(id)}`, { signal }),
  });

export function saveProperty(id: string | undefined, values: PropertyFormValues): Promise<Property> {
  return id
    ? api<Property>(`/api/properties/${encodeURIComponent(id)}`, { method: 'PATCH', body: values })
    : api<Property>('/api/properties', { method: 'POST', body: values });
}

export function deleteProperty(id: string): Promise<void> {
  return api<void>(`/api/properties/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
