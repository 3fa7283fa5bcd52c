-- Swapping turns (issue 16): the fund's state gains the drawn order, the open swap requests and
-- the swaps accepted in this cycle. A fund drawn before has had no swap, so its drawn order is
-- its order (a recipient who timed out was moved to the end of it: the best record there is).
UPDATE "funds"
SET "state" = "state" || jsonb_build_object(
  'drawnOrder', COALESCE("state"->'order', '[]'::jsonb),
  'swaps', '[]'::jsonb,
  'swapHistory', '[]'::jsonb
)
WHERE NOT ("state" ? 'swaps');
