-- A post is written three times on its way to the network (request, claim, commit).
-- With full pages every such write puts the new row version on another page and adds
-- an entry to each of the table's five indexes. Free room on the page lets PostgreSQL
-- keep the writes that change no indexed column on the same page, with no index entry (HOT).
ALTER TABLE "posts" SET (fillfactor = 70);
