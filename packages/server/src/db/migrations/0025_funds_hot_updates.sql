-- Every fund command rewrites its fund's row (state, version, deadlines). A row is about 1.8 KB
-- with its state compressed in line, so full pages had no room for the new version beside the
-- old: in bench:http two of three updates were not HOT, each adding an entry to all four of the
-- table's indexes and leaving the table and its indexes to grow (2,500-3,200 pages for 1,001
-- funds). With pages filled to 60 % on insert, the new version fits on the old one's page and
-- every update measured was HOT (issue 15, stop 52). Existing pages keep their rows; a row moves
-- to a page with room at its next update that is not HOT, and stays there.
ALTER TABLE "funds" SET (fillfactor = 60);
