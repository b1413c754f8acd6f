export const serviceColumns = ['id', 'location_id', 'name', 'description', 'duration_minutes', 'price_cents', 'category'] as const;
