import { CATALOGUE } from '@3ds/domain';
import { containsOf, defineLayout } from '../layout.ts';


export const dictionariesLayout = defineLayout(CATALOGUE.dictionaries, {
  from: 'ndc_dictionary d',
  idSql: 'd.id',
  modIdSql: 'd.mod_id',
  ...containsOf('ndc_dictionary', 'd'),
  ndcFields: ['NDC Code LU'],
  fields: {
    'NDC Code LU': 'd.ndc',
    'CSA Schedule LU': 'd.schedule',
    'Trade Name Final LU': 'd.trade_name',
    Strength: 'd.strength',
    'Package Size LU': 'd.package_size',
    'Package Size UoM LU': 'd.package_size_uom',
    UoM_VL: 'd.uom_value_list',
    'Package Size Converted LU': 'd.package_size_converted',
    'Removed From ARCOS': 'd.removed_from_arcos',
    'Drug Code Final': 'd.drug_code',
    'Ingredient Base Weight Final': 'd.ingredient_base_weight',
    Form: 'd.form',
    'Ingredient Name LU': 'd.ingredient_name',
    'Package Description': 'd.package_description',
    'Bulk Raw Liquid': 'd.bulk_raw_liquid',
    'Bulk Raw Powder': 'd.bulk_raw_powder',
    'Bulk Dosage Formulation': 'd.bulk_dosage_formulation',
    'Bulk Solutions': 'd.bulk_solution',
    'Trade Packages': 'd.trade_package',
    Density: 'd.density',
    'Avg Tablet Weight': 'd.avg_tablet_weight',
    'Labeler Organization': 'd.labeler_organization',
    'Date Created': 'd.created_at',
  },
});
