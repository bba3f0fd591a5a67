-- The contract lists a reward entry's reason as order_delivered|checkout|order_cancelled|offer_claim|adjustment:
-- the points a received return gives back or takes back are adjustments of that order (order_id set).
UPDATE "reward_point_entries" SET "reason" = 'adjustment' WHERE "reason" = 'order_returned';
