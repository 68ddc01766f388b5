-- The package code of a line item's NDC (`LLLLL-PPPP-KK`: characters 12–13) in a btree of its own,
-- beside the labeler's (the NDC itself, 005) and the product's (`substr(ndc, 7)`, 005). A find of an
-- NDC's word is then read from a btree at each of the three places a word can begin
-- (records/find-criterion.ts `ndcWordsBeginWith`, `ndcWholeWord`): `=96` (the package code 96) was
-- the word index's 1,300 candidates fetched from the table and tested one by one (2.1 s with the
-- table out of memory), and a words-begin find's package arm tested every line item.
--
-- Both code indexes hold the NDC itself (INCLUDE): PostgreSQL reads an index on an expression alone
-- (an index-only scan, no row fetched) only when the columns of the expression are in it too. A count
-- of the 15,800 line items of package code 12 fetched each row: 450 ms with the table out of memory.

CREATE INDEX line_items_kind_package_code_idx ON line_items (kind, substr(ndc, 12) text_pattern_ops, id) INCLUDE (ndc);
DROP INDEX line_items_kind_product_code_idx;
CREATE INDEX line_items_kind_product_code_idx ON line_items (kind, substr(ndc, 7) text_pattern_ops, id) INCLUDE (ndc);
