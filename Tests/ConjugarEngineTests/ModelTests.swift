import ConjugarEngine
import Testing

/// The principal parts of every model verb, as a grammar's tables give them (RAE, Nueva gramática,
/// in the current orthography). Each line:
///
///     verb: presente yo tú vos él nosotros vosotros ellos | pretérito yo él ellos | futuro yo
///         | presente de subjuntivo yo nosotros | imperativo tú vos vosotros | gerundio | participio
///
/// Alternatives are joined by "/", preferred first; "-" marks a form that does not exist.
let principalParts = #"""
hablar: hablo hablas hablás habla hablamos habláis hablan | hablé habló hablaron | hablaré | hable hablemos | habla hablá hablad | hablando | hablado
temer: temo temes temés teme tememos teméis temen | temí temió temieron | temeré | tema temamos | teme temé temed | temiendo | temido
partir: parto partes partís parte partimos partís parten | partí partió partieron | partiré | parta partamos | parte partí partid | partiendo | partido
sacar: saco sacas sacás saca sacamos sacáis sacan | saqué sacó sacaron | sacaré | saque saquemos | saca sacá sacad | sacando | sacado
pagar: pago pagas pagás paga pagamos pagáis pagan | pagué pagó pagaron | pagaré | pague paguemos | paga pagá pagad | pagando | pagado
rozar: rozo rozas rozás roza rozamos rozáis rozan | rocé rozó rozaron | rozaré | roce rocemos | roza rozá rozad | rozando | rozado
aguar: aguo aguas aguás agua aguamos aguáis aguan | agüé aguó aguaron | aguaré | agüe agüemos | agua aguá aguad | aguando | aguado
coger: cojo coges cogés coge cogemos cogéis cogen | cogí cogió cogieron | cogeré | coja cojamos | coge cogé coged | cogiendo | cogido
vencer: venzo vences vencés vence vencemos vencéis vencen | vencí venció vencieron | venceré | venza venzamos | vence vencé venced | venciendo | vencido
creer: creo crees creés cree creemos creéis creen | creí creyó creyeron | creeré | crea creamos | cree creé creed | creyendo | creído
tañer: taño tañes tañés tañe tañemos tañéis tañen | tañí tañó tañeron | tañeré | taña tañamos | tañe tañé tañed | tañendo | tañido
dirigir: dirijo diriges dirigís dirige dirigimos dirigís dirigen | dirigí dirigió dirigieron | dirigiré | dirija dirijamos | dirige dirigí dirigid | dirigiendo | dirigido
zurcir: zurzo zurces zurcís zurce zurcimos zurcís zurcen | zurcí zurció zurcieron | zurciré | zurza zurzamos | zurce zurcí zurcid | zurciendo | zurcido
distinguir: distingo distingues distinguís distingue distinguimos distinguís distinguen | distinguí distinguió distinguieron | distinguiré | distinga distingamos | distingue distinguí distinguid | distinguiendo | distinguido
delinquir: delinco delinques delinquís delinque delinquimos delinquís delinquen | delinquí delinquió delinquieron | delinquiré | delinca delincamos | delinque delinquí delinquid | delinquiendo | delinquido
plañir: plaño plañes plañís plañe plañimos plañís plañen | plañí plañó plañeron | plañiré | plaña plañamos | plañe plañí plañid | plañendo | plañido
embaír: - - embaís - embaímos embaís - | embaí embayó embayeron | embairé | - - | - embaí embaíd | embayendo | embaído
vaciar: vacío vacías vaciás vacía vaciamos vaciáis vacían | vacié vació vaciaron | vaciaré | vacíe vaciemos | vacía vaciá vaciad | vaciando | vaciado
actuar: actúo actúas actuás actúa actuamos actuáis actúan | actué actuó actuaron | actuaré | actúe actuemos | actúa actuá actuad | actuando | actuado
aislar: aíslo aíslas aislás aísla aislamos aisláis aíslan | aislé aisló aislaron | aislaré | aísle aislemos | aísla aislá aislad | aislando | aislado
aunar: aúno aúnas aunás aúna aunamos aunáis aúnan | auné aunó aunaron | aunaré | aúne aunemos | aúna auná aunad | aunando | aunado
enraizar: enraízo enraízas enraizás enraíza enraizamos enraizáis enraízan | enraicé enraizó enraizaron | enraizaré | enraíce enraicemos | enraíza enraizá enraizad | enraizando | enraizado
ahincar: ahínco ahíncas ahincás ahínca ahincamos ahincáis ahíncan | ahinqué ahincó ahincaron | ahincaré | ahínque ahinquemos | ahínca ahincá ahincad | ahincando | ahincado
cabrahigar: cabrahígo cabrahígas cabrahigás cabrahíga cabrahigamos cabrahigáis cabrahígan | cabrahigué cabrahigó cabrahigaron | cabrahigaré | cabrahígue cabrahiguemos | cabrahíga cabrahigá cabrahigad | cabrahigando | cabrahigado
cohibir: cohíbo cohíbes cohibís cohíbe cohibimos cohibís cohíben | cohibí cohibió cohibieron | cohibiré | cohíba cohibamos | cohíbe cohibí cohibid | cohibiendo | cohibido
reunir: reúno reúnes reunís reúne reunimos reunís reúnen | reuní reunió reunieron | reuniré | reúna reunamos | reúne reuní reunid | reuniendo | reunido
acertar: acierto aciertas acertás acierta acertamos acertáis aciertan | acerté acertó acertaron | acertaré | acierte acertemos | acierta acertá acertad | acertando | acertado
tropezar: tropiezo tropiezas tropezás tropieza tropezamos tropezáis tropiezan | tropecé tropezó tropezaron | tropezaré | tropiece tropecemos | tropieza tropezá tropezad | tropezando | tropezado
regar: riego riegas regás riega regamos regáis riegan | regué regó regaron | regaré | riegue reguemos | riega regá regad | regando | regado
contar: cuento cuentas contás cuenta contamos contáis cuentan | conté contó contaron | contaré | cuente contemos | cuenta contá contad | contando | contado
colgar: cuelgo cuelgas colgás cuelga colgamos colgáis cuelgan | colgué colgó colgaron | colgaré | cuelgue colguemos | cuelga colgá colgad | colgando | colgado
volcar: vuelco vuelcas volcás vuelca volcamos volcáis vuelcan | volqué volcó volcaron | volcaré | vuelque volquemos | vuelca volcá volcad | volcando | volcado
forzar: fuerzo fuerzas forzás fuerza forzamos forzáis fuerzan | forcé forzó forzaron | forzaré | fuerce forcemos | fuerza forzá forzad | forzando | forzado
avergonzar: avergüenzo avergüenzas avergonzás avergüenza avergonzamos avergonzáis avergüenzan | avergoncé avergonzó avergonzaron | avergonzaré | avergüence avergoncemos | avergüenza avergonzá avergonzad | avergonzando | avergonzado
engorar: engüero engüeras engorás engüera engoramos engoráis engüeran | engoré engoró engoraron | engoraré | engüere engoremos | engüera engorá engorad | engorando | engorado
desosar: deshueso deshuesas desosás deshuesa desosamos desosáis deshuesan | desosé desosó desosaron | desosaré | deshuese desosemos | deshuesa desosá desosad | desosando | desosado
jugar: juego juegas jugás juega jugamos jugáis juegan | jugué jugó jugaron | jugaré | juegue juguemos | juega jugá jugad | jugando | jugado
errar: yerro/erro yerras/erras errás yerra/erra erramos erráis yerran/erran | erré erró erraron | erraré | yerre/erre erremos | yerra/erra errá errad | errando | errado
tender: tiendo tiendes tendés tiende tendemos tendéis tienden | tendí tendió tendieron | tenderé | tienda tendamos | tiende tendé tended | tendiendo | tendido
mover: muevo mueves movés mueve movemos movéis mueven | moví movió movieron | moveré | mueva movamos | mueve mové moved | moviendo | movido
torcer: tuerzo tuerces torcés tuerce torcemos torcéis tuercen | torcí torció torcieron | torceré | tuerza torzamos | tuerce torcé torced | torciendo | torcido
oler: huelo hueles olés huele olemos oléis huelen | olí olió olieron | oleré | huela olamos | huele olé oled | oliendo | olido
volver: vuelvo vuelves volvés vuelve volvemos volvéis vuelven | volví volvió volvieron | volveré | vuelva volvamos | vuelve volvé volved | volviendo | vuelto
discernir: discierno disciernes discernís discierne discernimos discernís disciernen | discerní discernió discernieron | discerniré | discierna discernamos | discierne discerní discernid | discerniendo | discernido
adquirir: adquiero adquieres adquirís adquiere adquirimos adquirís adquieren | adquirí adquirió adquirieron | adquiriré | adquiera adquiramos | adquiere adquirí adquirid | adquiriendo | adquirido
sentir: siento sientes sentís siente sentimos sentís sienten | sentí sintió sintieron | sentiré | sienta sintamos | siente sentí sentid | sintiendo | sentido
dormir: duermo duermes dormís duerme dormimos dormís duermen | dormí durmió durmieron | dormiré | duerma durmamos | duerme dormí dormid | durmiendo | dormido
servir: sirvo sirves servís sirve servimos servís sirven | serví sirvió sirvieron | serviré | sirva sirvamos | sirve serví servid | sirviendo | servido
ceñir: ciño ciñes ceñís ciñe ceñimos ceñís ciñen | ceñí ciñó ciñeron | ceñiré | ciña ciñamos | ciñe ceñí ceñid | ciñendo | ceñido
corregir: corrijo corriges corregís corrige corregimos corregís corrigen | corregí corrigió corrigieron | corregiré | corrija corrijamos | corrige corregí corregid | corrigiendo | corregido
seguir: sigo sigues seguís sigue seguimos seguís siguen | seguí siguió siguieron | seguiré | siga sigamos | sigue seguí seguid | siguiendo | seguido
reír: río ríes reís ríe reímos reís ríen | reí rio rieron | reiré | ría riamos | ríe reí reíd | riendo | reído
rehenchir: rehíncho rehínches rehenchís rehínche rehenchimos rehenchís rehínchen | rehenchí rehinchió rehinchieron | rehenchiré | rehíncha rehinchamos | rehínche rehenchí rehenchid | rehinchiendo | rehenchido
erguir: yergo/irgo yergues/irgues erguís yergue/irgue erguimos erguís yerguen/irguen | erguí irguió irguieron | erguiré | yerga/irga irgamos | yergue/irgue erguí erguid | irguiendo | erguido
huir: huyo huyes huis huye huimos huis huyen | hui huyó huyeron | huiré | huya huyamos | huye hui huid | huyendo | huido
argüir: arguyo arguyes argüís arguye argüimos argüís arguyen | argüí arguyó arguyeron | argüiré | arguya arguyamos | arguye argüí argüid | arguyendo | argüido
rehuir: rehúyo rehúyes rehuís rehúye rehuimos rehuís rehúyen | rehuí rehuyó rehuyeron | rehuiré | rehúya rehuyamos | rehúye rehuí rehuid | rehuyendo | rehuido
nacer: nazco naces nacés nace nacemos nacéis nacen | nací nació nacieron | naceré | nazca nazcamos | nace nacé naced | naciendo | nacido
lucir: luzco luces lucís luce lucimos lucís lucen | lucí lució lucieron | luciré | luzca luzcamos | luce lucí lucid | luciendo | lucido
conducir: conduzco conduces conducís conduce conducimos conducís conducen | conduje condujo condujeron | conduciré | conduzca conduzcamos | conduce conducí conducid | conduciendo | conducido
placer: plazco places placés place placemos placéis placen | plací plació/plugo placieron/pluguieron | placeré | plazca plazcamos | place placé placed | placiendo | placido
yacer: yazco/yazgo/yago yaces yacés yace yacemos yacéis yacen | yací yació yacieron | yaceré | yazca/yazga/yaga yazcamos/yazgamos/yagamos | yace/yaz yacé yaced | yaciendo | yacido
tener: tengo tienes tenés tiene tenemos tenéis tienen | tuve tuvo tuvieron | tendré | tenga tengamos | ten tené tened | teniendo | tenido
venir: vengo vienes venís viene venimos venís vienen | vine vino vinieron | vendré | venga vengamos | ven vení venid | viniendo | venido
poner: pongo pones ponés pone ponemos ponéis ponen | puse puso pusieron | pondré | ponga pongamos | pon poné poned | poniendo | puesto
salir: salgo sales salís sale salimos salís salen | salí salió salieron | saldré | salga salgamos | sal salí salid | saliendo | salido
valer: valgo vales valés vale valemos valéis valen | valí valió valieron | valdré | valga valgamos | vale valé valed | valiendo | valido
hacer: hago haces hacés hace hacemos hacéis hacen | hice hizo hicieron | haré | haga hagamos | haz hacé haced | haciendo | hecho
rehacer: rehago rehaces rehacés rehace rehacemos rehacéis rehacen | rehíce rehízo rehicieron | reharé | rehaga rehagamos | rehaz rehacé rehaced | rehaciendo | rehecho
decir: digo dices decís dice decimos decís dicen | dije dijo dijeron | diré | diga digamos | di decí decid | diciendo | dicho
bendecir: bendigo bendices bendecís bendice bendecimos bendecís bendicen | bendije bendijo bendijeron | bendeciré | bendiga bendigamos | bendice bendecí bendecid | bendiciendo | bendecido
traer: traigo traes traés trae traemos traéis traen | traje trajo trajeron | traeré | traiga traigamos | trae traé traed | trayendo | traído
caer: caigo caes caés cae caemos caéis caen | caí cayó cayeron | caeré | caiga caigamos | cae caé caed | cayendo | caído
oír: oigo oyes oís oye oímos oís oyen | oí oyó oyeron | oiré | oiga oigamos | oye oí oíd | oyendo | oído
asir: asgo ases asís ase asimos asís asen | así asió asieron | asiré | asga asgamos | ase así asid | asiendo | asido
raer: raigo/rayo raes raés rae raemos raéis raen | raí rayó rayeron | raeré | raiga/raya raigamos/rayamos | rae raé raed | rayendo | raído
roer: roo/roigo/royo roes roés roe roemos roéis roen | roí royó royeron | roeré | roa/roiga/roya roamos/roigamos/royamos | roe roé roed | royendo | roído
caber: quepo cabes cabés cabe cabemos cabéis caben | cupe cupo cupieron | cabré | quepa quepamos | cabe cabé cabed | cabiendo | cabido
saber: sé sabes sabés sabe sabemos sabéis saben | supe supo supieron | sabré | sepa sepamos | sabe sabé sabed | sabiendo | sabido
querer: quiero quieres querés quiere queremos queréis quieren | quise quiso quisieron | querré | quiera queramos | quiere queré quered | queriendo | querido
poder: puedo puedes podés puede podemos podéis pueden | pude pudo pudieron | podré | pueda podamos | puede podé poded | pudiendo | podido
andar: ando andas andás anda andamos andáis andan | anduve anduvo anduvieron | andaré | ande andemos | anda andá andad | andando | andado
responder: respondo respondes respondés responde respondemos respondéis responden | respondí/repuse respondió/repuso respondieron/repusieron | responderé | responda respondamos | responde respondé responded | respondiendo | respondido
haber: he has has ha/hay hemos habéis han | hube hubo hubieron | habré | haya hayamos | - - - | habiendo | habido
estar: estoy estás estás está estamos estáis están | estuve estuvo estuvieron | estaré | esté estemos | está está estad | estando | estado
dar: doy das das da damos dais dan | di dio dieron | daré | dé demos | da da dad | dando | dado
desdar: desdoy desdás desdás desdá desdamos desdáis desdán | desdí desdió desdieron | desdaré | desdé desdemos | desdá desdá desdad | desdando | desdado
ver: veo ves ves ve vemos veis ven | vi vio vieron | veré | vea veamos | ve ve ved | viendo | visto
rever: reveo revés revés revé revemos revéis revén | reví revió revieron | reveré | revea reveamos | revé revé reved | reviendo | revisto
ser: soy eres sos es somos sois son | fui fue fueron | seré | sea seamos | sé sé sed | siendo | sido
ir: voy vas vas va vamos vais van | fui fue fueron | iré | vaya vayamos | ve andá id | yendo | ido
abrir: abro abres abrís abre abrimos abrís abren | abrí abrió abrieron | abriré | abra abramos | abre abrí abrid | abriendo | abierto
escribir: escribo escribes escribís escribe escribimos escribís escriben | escribí escribió escribieron | escribiré | escriba escribamos | escribe escribí escribid | escribiendo | escrito
romper: rompo rompes rompés rompe rompemos rompéis rompen | rompí rompió rompieron | romperé | rompa rompamos | rompe rompé romped | rompiendo | roto
pudrir: pudro pudres pudrís/podrís pudre pudrimos/podrimos pudrís/podrís pudren | pudrí/podrí pudrió/podrió pudrieron/podrieron | pudriré/podriré | pudra pudramos | pudre pudrí/podrí pudrid/podrid | pudriendo | podrido
podrir: pudro pudres pudrís/podrís pudre pudrimos/podrimos pudrís/podrís pudren | pudrí/podrí pudrió/podrió pudrieron/podrieron | pudriré/podriré | pudra pudramos | pudre pudrí/podrí pudrid/podrid | pudriendo | podrido
balbucir: - balbuces balbucís balbuce balbucimos balbucís balbucen | balbucí balbució balbucieron | balbuciré | - - | balbuce balbucí balbucid | balbuciendo | balbucido
"""#

struct PrincipalParts: CustomTestStringConvertible, Sendable {
  let verb: String
  let cells: [(Tense, Person, String)]
  let gerundio: String
  let participio: String
  var testDescription: String { verb }

  init(_ line: Substring) {
    let colon = line.firstIndex(of: ":")!
    verb = String(line[..<colon])
    let groups = line[line.index(after: colon)...].split(separator: "|").map { $0.split(separator: " ").map(String.init) }
    let layout: [[(Tense, Person)]] = [
      [.yo, .tu, .vos, .el, .nosotros, .vosotros, .ellos].map { (.presente, $0) },
      [.yo, .el, .ellos].map { (.preterito, $0) },
      [(.futuro, .yo)],
      [(.presenteSubjuntivo, .yo), (.presenteSubjuntivo, .nosotros)],
      [.tu, .vos, .vosotros].map { (.imperativoAfirmativo, $0) },
    ]
    var cells: [(Tense, Person, String)] = []
    for (group, slots) in zip(groups, layout) {
      precondition(group.count == slots.count, "\(verb): \(group) does not fill \(slots.count) slots")
      cells += zip(slots, group).map { ($0.0, $0.1, $1) }
    }
    self.cells = cells
    gerundio = groups[5][0]
    participio = groups[6][0]
  }

  static func split(_ forms: String) -> [String] { forms == "-" ? [] : forms.split(separator: "/").map(String.init) }
}

let allPrincipalParts = principalParts.split(separator: "\n").map(PrincipalParts.init)

@Suite struct ModelTests {
  @Test(arguments: allPrincipalParts)
  func principalPartsOfEachModel(_ parts: PrincipalParts) throws {
    let paradigm = try conjugator.conjugate(parts.verb)
    for (tense, person, expected) in parts.cells {
      #expect(
        paradigm[tense, person] == PrincipalParts.split(expected),
        "\(parts.verb) \(tense.rawValue) \(person.rawValue)")
    }
    #expect(paradigm.gerundio == PrincipalParts.split(parts.gerundio), "\(parts.verb) gerundio")
    #expect(paradigm.participio == PrincipalParts.split(parts.participio), "\(parts.verb) participio")
  }

  @Test func everyModelOfTheCatalogHasPrincipalParts() {
    let models = Set(conjugator.catalog.entries.flatMap { $0.choices.map(\.model) })
    #expect(models.count == 97)
    let covered = Set(allPrincipalParts.flatMap { parts in
      conjugator.catalog.entry(parts.verb)?.choices.map(\.model) ?? []
    })
    #expect(models.subtracting(covered).sorted() == [])
  }
}
