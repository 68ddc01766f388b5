-- Finding line items or dictionary entries by the first digits of an NDC ("00406-05") is a prefix
-- match at a word start of the NDC: its labeler code, product code or package code (the find
-- compiler's ndcWordsBeginWith). text_pattern_ops makes LIKE 'prefix%' a btree range in any
-- collation; the trigram index stays for wildcards and contains. With kind first and id last, the
-- found count and a page's ids come from the index alone.
CREATE INDEX line_items_kind_ndc_pattern_idx ON line_items (kind, ndc text_pattern_ops, id);
CREATE INDEX line_items_kind_product_code_idx ON line_items (kind, substr(ndc, 7) text_pattern_ops, id);

CREATE INDEX ndc_dictionary_ndc_pattern_idx ON ndc_dictionary (ndc text_pattern_ops);
CREATE INDEX ndc_dictionary_product_code_idx ON ndc_dictionary (substr(ndc, 7) text_pattern_ops);
