-- Receiving against the Form 222 register (packages/domain rules/order-forms.ts `receivingProblem`;
-- docs/dea-paperwork.md "Receiving on a Form 222"): a Schedule I or II line item names the form and
-- the numbered line it arrived on. The form's number stays in `form_222_number` (the lists, finds,
-- exports, Form 41 and ARCOS read it there), written from the register when the item names a form;
-- the packages received on a line and their date follow from its line items (21 CFR 1305.13(e)).
-- Items entered before the register keep their typed number and name no form.
ALTER TABLE line_items
  ADD COLUMN order_form_id integer REFERENCES order_forms (id) ON DELETE RESTRICT,
  ADD COLUMN order_form_line integer CHECK (order_form_line BETWEEN 1 AND 20),
  ADD CONSTRAINT line_items_order_form_line_with_form CHECK ((order_form_id IS NULL) = (order_form_line IS NULL));
CREATE INDEX line_items_order_form_idx ON line_items (order_form_id, order_form_line) WHERE order_form_id IS NOT NULL;
-- The line as a find and a sort read it, as every line-item column is (070).
CREATE INDEX line_items_kind_order_form_line_idx ON line_items (kind, order_form_line, id);
