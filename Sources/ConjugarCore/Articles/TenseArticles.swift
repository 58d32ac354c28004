import ConjugarEngine

/// A short article on one tense, for learners: what it expresses, how it is formed, and a few
/// example sentences with translations. Written for this app, in our own words.
public struct TenseArticle: Sendable, Equatable {
  public struct Example: Sendable, Equatable {
    public let spanish: String
    public let english: String
  }

  public let tense: Tense
  /// What the tense expresses, in one or two short paragraphs.
  public let uses: String
  /// How it is formed, regular endings and the main irregular patterns.
  public let formation: String
  public let examples: [Example]
}

public enum TenseArticles {
  public static func article(for tense: Tense) -> TenseArticle? { all.first { $0.tense == tense } }

  /// One article per tense, in the order of `Tense.allCases`.
  public static let all: [TenseArticle] = [
    TenseArticle(
      tense: .presente,
      uses: """
        What happens now, what happens as a habit, and what is true in general. With a time word \
        it also tells of the near future: mañana te llamo. In the Río de la Plata (Argentina, \
        Uruguay) and parts of Central America, vos takes the place of tú, with forms of its own: \
        vos hablás, vos tenés, vos sos.
        """,
      formation: """
        Take the stem (habl-, com-, viv-) and add -o, -as, -a, -amos, -áis, -an for -ar verbs; \
        -o, -es, -e, -emos, -éis, -en for -er; -o, -es, -e, -imos, -ís, -en for -ir. Vos takes \
        -ás, -és, -ís. Many common verbs change their stem vowel when it is stressed (quiero, \
        puedo, pido; but vos querés) or add a consonant in the first person (tengo, conozco).
        """,
      examples: [
        .init(spanish: "Hablo español con mis vecinos.", english: "I speak Spanish with my neighbours."),
        .init(spanish: "El tren sale a las ocho.", english: "The train leaves at eight."),
        .init(spanish: "¿Vos también trabajás acá?", english: "Do you work here too?"),
      ]),
    TenseArticle(
      tense: .preterito,
      uses: """
        Completed actions at a definite time in the past, and past events seen as a whole: ayer \
        cené tarde, viví dos años en Lima. It moves a story forward. Most of Latin America also \
        uses it for things that happened today (hoy me levanté temprano), where most of Spain \
        prefers the compound: hoy me he levantado temprano.
        """,
      formation: """
        -ar: -é, -aste, -ó, -amos, -asteis, -aron; -er and -ir: -í, -iste, -ió, -imos, -isteis, \
        -ieron. Strong preterites have a new stem and unstressed -e, -o: tuve, hice, dije, puse, \
        quise, vine (tuvo, hizo, dijo). Stems in -j take -eron: dijeron, trajeron. Ser and ir \
        share fui, fue; dar goes like -er verbs: di, dio. -ir stem changers alter the third \
        person: pidió, durmieron.
        """,
      examples: [
        .init(spanish: "Ayer cené con mis padres.", english: "Yesterday I had dinner with my parents."),
        .init(spanish: "El verano pasado fuimos a México.", english: "Last summer we went to Mexico."),
        .init(spanish: "¿Dónde pusiste las llaves?", english: "Where did you put the keys?"),
      ]),
    TenseArticle(
      tense: .imperfecto,
      uses: """
        The past as background or habit: what used to happen, what was going on, what things \
        were like. It describes scenes, times, ages and feelings (eran las tres, tenía sueño) and \
        sets the stage for the events told in the preterite. It also softens a request: quería \
        un café.
        """,
      formation: """
        -ar verbs add -aba, -abas, -aba, -ábamos, -abais, -aban to the stem; -er and -ir verbs \
        add -ía, -ías, -ía, -íamos, -íais, -ían: hablaba, comía, vivía. There are no stem \
        changes (quería, podía, pedía), and only three verbs are irregular: ser (era), ir (iba) \
        and ver (veía).
        """,
      examples: [
        .init(spanish: "De niño jugaba al fútbol todas las tardes.", english: "As a child I played football every afternoon."),
        .init(spanish: "Llovía cuando salimos del cine.", english: "It was raining when we left the cinema."),
        .init(spanish: "Mi abuela vivía en un pueblo pequeño.", english: "My grandmother lived in a small village."),
      ]),
    TenseArticle(
      tense: .futuro,
      uses: """
        What will happen: mañana lloverá. For plans, speech usually prefers ir a + infinitive \
        (voy a llamar); the simple future sounds firmer or more formal. It also makes a guess \
        about the present: serán las diez, ¿dónde estará Ana?
        """,
      formation: """
        Add -é, -ás, -á, -emos, -éis, -án to the whole infinitive, the same for all three groups: \
        hablaré, comeré, viviré. About a dozen verbs take a short stem with the same endings: \
        tendr- (tener), saldr- (salir), pondr- (poner), vendr- (venir), podr-, sabr-, querr-, \
        habr-, cabr-, valdr-, har- (hacer), dir- (decir). Most compounds follow: mantendré, \
        propondré, rehará.
        """,
      examples: [
        .init(spanish: "Mañana hará sol en la costa.", english: "Tomorrow it will be sunny on the coast."),
        .init(spanish: "¿Vendrás a la fiesta el sábado?", english: "Will you come to the party on Saturday?"),
        .init(spanish: "Ana no contesta; estará en el gimnasio.", english: "Ana isn't answering; she must be at the gym."),
      ]),
    TenseArticle(
      tense: .condicional,
      uses: """
        What would happen if something were the case (con más tiempo, viajaría más), and polite \
        requests and advice: ¿podrías ayudarme?, yo que tú, lo haría. It is also the future seen \
        from the past (dijo que vendría) and a guess about the past: serían las diez.
        """,
      formation: """
        Add -ía, -ías, -ía, -íamos, -íais, -ían to the whole infinitive: hablaría, comería, \
        viviría. These are the endings of the -er/-ir imperfect, but on the infinitive. Verbs \
        with a short future stem keep it: tendría, saldría, pondría, haría, diría, querría.
        """,
      examples: [
        .init(spanish: "Me gustaría un café con leche.", english: "I'd like a coffee with milk."),
        .init(spanish: "¿Podrías cerrar la ventana?", english: "Could you close the window?"),
        .init(spanish: "Con más dinero, viajaría por Asia.", english: "With more money, I would travel around Asia."),
      ]),
    TenseArticle(
      tense: .presenteSubjuntivo,
      uses: """
        The mood of wishes, doubt, feelings and influence, mostly after que: quiero que vengas, \
        dudo que llueva, me alegra que estés aquí; also after ojalá. It follows cuando and other \
        time words for events still to come (cuando llegues, llámame), and it gives the commands \
        for usted, ustedes and nosotros, and every negative command.
        """,
      formation: """
        Take the yo form of the presente, drop the -o and switch the vowel: -ar verbs take -e, \
        -es, -e, -emos, -éis, -en; -er and -ir verbs take -a, -as, -a, -amos, -áis, -an. So \
        hablo → hable, tengo → tenga, conozco → conozca, hago → haga, digo → diga. Six verbs do \
        not start from yo: sea, esté, vaya, haya, sepa, dé. Spelling keeps the sound: busque, \
        llegue, empiece.
        """,
      examples: [
        .init(spanish: "Espero que tengas un buen viaje.", english: "I hope you have a good trip."),
        .init(spanish: "Cuando llegues, mándame un mensaje.", english: "When you arrive, send me a message."),
        .init(spanish: "Ojalá no llueva mañana.", english: "I hope it doesn't rain tomorrow."),
      ]),
    TenseArticle(
      tense: .imperfectoSubjuntivoRa,
      uses: """
        The subjunctive of the past and of unreal conditions: quería que vinieras; si tuviera \
        tiempo, te ayudaría. The -ra and -se forms mean the same and can be swapped, but -ra is \
        far more common, above all in Latin America and in speech. Only -ra can soften a request \
        in place of the conditional: quisiera una mesa para dos.
        """,
      formation: """
        Take the third person plural of the preterite and replace -ron with -ra, -ras, -ra, \
        -ramos, -rais, -ran: hablaron → hablara, comieron → comiera, tuvieron → tuviera, \
        dijeron → dijera, pidieron → pidiera, fueron → fuera (ser and ir). Every irregular \
        preterite carries over. The nosotros form has an accent: habláramos, tuviéramos.
        """,
      examples: [
        .init(spanish: "Si tuviera tiempo, aprendería a tocar la guitarra.", english: "If I had time, I would learn to play the guitar."),
        .init(spanish: "Me pidió que lo llamara por la tarde.", english: "He asked me to call him in the afternoon."),
        .init(spanish: "Quisiera reservar una mesa para dos.", english: "I would like to book a table for two."),
      ]),
    TenseArticle(
      tense: .imperfectoSubjuntivoSe,
      uses: """
        The same tense as the -ra form, with the same meaning: si tuviese tiempo means si tuviera \
        tiempo, and either can be used wherever the subjunctive is needed. The -se form is less \
        frequent; it is heard more in Spain and in careful writing. Unlike -ra, it never stands \
        for the conditional: quisiera un café, not quisiese.
        """,
      formation: """
        Take the third person plural of the preterite and replace -ron with -se, -ses, -se, \
        -semos, -seis, -sen: hablaron → hablase, comieron → comiese, tuvieron → tuviese, \
        hicieron → hiciese, fueron → fuese (ser and ir). Every irregular preterite carries over. \
        The nosotros form has an accent: hablásemos, tuviésemos.
        """,
      examples: [
        .init(spanish: "Le pedí que hablase más despacio.", english: "I asked him to speak more slowly."),
        .init(spanish: "Si tuviese coche, iría a la playa.", english: "If I had a car, I would go to the beach."),
        .init(spanish: "Ojalá estuvieses aquí.", english: "I wish you were here."),
      ]),
    TenseArticle(
      tense: .futuroSubjuntivo,
      uses: """
        An old form for possible future events in conditions and relative clauses. Everyday \
        Spanish has replaced it with the presente (de indicativo after si, de subjuntivo \
        elsewhere). It survives in legal and administrative texts (el que incumpliere esta norma) \
        and in set phrases and sayings: sea como fuere, adonde fueres, haz lo que vieres. \
        Learners need to recognise it, not use it.
        """,
      formation: """
        Take the third person plural of the preterite and replace -ron with -re, -res, -re, \
        -remos, -reis, -ren: hablaron → hablare, comieron → comiere, tuvieron → tuviere, \
        hicieron → hiciere, fueron → fuere (ser and ir). The nosotros form has an accent: \
        habláremos, tuviéremos.
        """,
      examples: [
        .init(spanish: "Sea como fuere, llegaremos a tiempo.", english: "Be that as it may, we will arrive on time."),
        .init(spanish: "Adonde fueres, haz lo que vieres.", english: "Wherever you go, do as you see others do."),
        .init(spanish: "Si el inquilino no pagare la renta, perderá la fianza.", english: "If the tenant fails to pay the rent, he will lose the deposit."),
      ]),
    TenseArticle(
      tense: .imperativoAfirmativo,
      uses: """
        Commands, requests, advice and invitations: pasa, siéntate. Tú, vos and vosotros have \
        forms of their own; usted, ustedes and nosotros (let's) borrow the presente de \
        subjuntivo: hable, hablen, hablemos. Latin America uses ustedes where Spain says \
        vosotros, and the Río de la Plata says vos for tú: hablá, tené, vení.
        """,
      formation: """
        Tú uses the él form of the presente (habla, come, vive), except ten, pon, ven, sal, haz, \
        di, ve, sé. Vos drops the -r of the infinitive and stresses the end: hablá, tené, decí. \
        Vosotros changes the -r to -d: hablad, comed, vivid. Pronouns join the end: lávate, \
        lavaos, lavémonos (the -d drops before os, the -s before nos).
        """,
      examples: [
        .init(spanish: "Ven aquí y siéntate conmigo.", english: "Come here and sit with me."),
        .init(spanish: "Pasen, por favor, y pónganse cómodos.", english: "Come in, please, and make yourselves comfortable."),
        .init(spanish: "Decime la verdad.", english: "Tell me the truth."),
      ]),
    TenseArticle(
      tense: .imperativoNegativo,
      uses: """
        Telling someone not to do something: no corras, no te preocupes. Every person, tú and \
        vosotros included, takes no + the presente de subjuntivo. Speakers who use vos usually \
        keep the tú form here (no digas), though no digás is also heard in speech.
        """,
      formation: """
        Put no before the presente de subjuntivo: no hables, no comas, no vivas; no tengas, no \
        hagas, no digas, no vayas; vosotros no habléis, no comáis. Pronouns go before the verb, \
        not after it: siéntate but no te sientes, dímelo but no me lo digas, lavaos but no os \
        lavéis.
        """,
      examples: [
        .init(spanish: "No toques eso, que quema.", english: "Don't touch that, it's hot."),
        .init(spanish: "No te preocupes, yo pago la cena.", english: "Don't worry, I'll pay for dinner."),
        .init(spanish: "No lleguéis tarde, por favor.", english: "Please don't be late."),
      ]),
    TenseArticle(
      tense: .perfecto,
      uses: """
        Past events tied to the present: experiences up to now (¿has estado en Cuba?), actions in \
        a time that is not over (este año he viajado mucho) and fresh news. In Spain it is the \
        usual tense for what happened today (esta mañana he ido al banco); most of Latin America \
        prefers the preterite there: esta mañana fui al banco.
        """,
      formation: """
        The presente of haber (he, has, ha, hemos, habéis, han) plus the participle: -ar → -ado, \
        -er and -ir → -ido (hablado, comido, vivido). Common irregular participles: hecho, dicho, \
        visto, puesto, escrito, vuelto, abierto, roto, muerto. The participle never changes, and \
        nothing comes between it and haber: lo he visto.
        """,
      examples: [
        .init(spanish: "¿Has probado alguna vez la paella?", english: "Have you ever tried paella?"),
        .init(spanish: "Esta semana hemos trabajado mucho.", english: "We have worked a lot this week."),
        .init(spanish: "Todavía no he terminado el libro.", english: "I haven't finished the book yet."),
      ]),
    TenseArticle(
      tense: .pluscuamperfecto,
      uses: """
        A past event that came before another past event or moment: cuando llegué, la película ya \
        había empezado. It fills in the background of a story and reports what someone said had \
        happened: me dijo que había perdido las llaves.
        """,
      formation: """
        The imperfecto of haber (había, habías, había, habíamos, habíais, habían) plus the \
        participle: había hablado, habías comido, habían vivido. The irregular participles are \
        the same as in every compound tense: había hecho, dicho, visto, puesto, vuelto.
        """,
      examples: [
        .init(spanish: "Cuando llegamos, el tren ya había salido.", english: "When we arrived, the train had already left."),
        .init(spanish: "Nunca había visto tanta nieve.", english: "I had never seen so much snow."),
      ]),
    TenseArticle(
      tense: .preteritoAnterior,
      uses: """
        An action finished just before another past action, almost always after a time word: \
        apenas hubo terminado, en cuanto hubieron salido. It is literary and old-fashioned; \
        speech and most writing use the preterite (en cuanto terminó) or the pluscuamperfecto \
        instead. Learners mainly need to recognise it.
        """,
      formation: """
        The preterite of haber (hube, hubiste, hubo, hubimos, hubisteis, hubieron) plus the \
        participle: hube hablado, hubo comido, hubieron salido. Irregular participles as in \
        every compound tense: hubo hecho, hubo dicho, hubieron visto.
        """,
      examples: [
        .init(spanish: "Apenas hubo terminado la cena, se fue a dormir.", english: "As soon as he had finished dinner, he went to bed."),
        .init(spanish: "En cuanto hubieron salido, cerramos la puerta.", english: "As soon as they had left, we closed the door."),
      ]),
    TenseArticle(
      tense: .futuroPerfecto,
      uses: """
        An action that will be over by a point in the future: para junio habré terminado la \
        carrera. Like the simple future, it also makes a guess, here about the recent past: ya \
        habrá llegado (she has probably arrived by now), ¿qué habrá pasado?
        """,
      formation: """
        The future of haber (habré, habrás, habrá, habremos, habréis, habrán) plus the \
        participle: habré hablado, habrás comido, habrán vivido. Irregular participles as in \
        every compound tense: habré hecho, habrá dicho, habrán vuelto.
        """,
      examples: [
        .init(spanish: "A las ocho ya habré salido del trabajo.", english: "By eight I will have left work."),
        .init(spanish: "Ana no contesta; se habrá dormido.", english: "Ana isn't answering; she must have fallen asleep."),
      ]),
    TenseArticle(
      tense: .condicionalPerfecto,
      uses: """
        What would have happened if things had been different, often with si + pluscuamperfecto \
        de subjuntivo: si lo hubiera sabido, te habría llamado. It also makes a guess about an \
        earlier past (habrían sido las tres) and looks ahead from the past: dijo que para el \
        lunes lo habría acabado.
        """,
      formation: """
        The conditional of haber (habría, habrías, habría, habríamos, habríais, habrían) plus the \
        participle: habría hablado, habrías comido, habrían vivido. In speech hubiera hablado \
        often takes its place: yo no lo hubiera hecho. Irregular participles as in every \
        compound tense: habría hecho, dicho, visto.
        """,
      examples: [
        .init(spanish: "Con más tiempo, habríamos visitado el museo.", english: "With more time, we would have visited the museum."),
        .init(spanish: "Yo en tu lugar no habría dicho nada.", english: "In your place, I wouldn't have said anything."),
      ]),
    TenseArticle(
      tense: .perfectoSubjuntivo,
      uses: """
        The subjunctive partner of he hablado: a past or completed action after words that call \
        for the subjunctive, when the main verb is in the present or future: espero que hayas \
        dormido bien, no creo que hayan llegado, cuando hayas terminado, avísame.
        """,
      formation: """
        The presente de subjuntivo of haber (haya, hayas, haya, hayamos, hayáis, hayan) plus the \
        participle: haya hablado, hayas comido, hayan vivido. Irregular participles as in every \
        compound tense: haya hecho, hayas dicho, hayan vuelto.
        """,
      examples: [
        .init(spanish: "Espero que hayas dormido bien.", english: "I hope you slept well."),
        .init(spanish: "No creo que hayan llegado todavía.", english: "I don't think they have arrived yet."),
        .init(spanish: "Cuando hayas terminado, avísame.", english: "When you have finished, let me know."),
      ]),
    TenseArticle(
      tense: .pluscuamperfectoSubjuntivoRa,
      uses: """
        The subjunctive partner of había hablado: an earlier past after words that call for the \
        subjunctive (me alegré de que hubieras venido), and above all the si clause of a \
        condition that did not come true: si lo hubiera sabido, habría venido. It is the usual \
        form, more frequent than -se, and in speech it often replaces habría too.
        """,
      formation: """
        The imperfecto de subjuntivo of haber in -ra (hubiera, hubieras, hubiera, hubiéramos, \
        hubierais, hubieran) plus the participle: hubiera hablado, hubieras comido, hubieran \
        vivido. It can always be swapped for the -se form: hubiera dicho = hubiese dicho. \
        Irregular participles as usual: hubiera hecho, visto, puesto.
        """,
      examples: [
        .init(spanish: "Si lo hubiera sabido, habría traído vino.", english: "If I had known, I would have brought wine."),
        .init(spanish: "Ojalá hubieras venido a la fiesta.", english: "I wish you had come to the party."),
        .init(spanish: "Me extrañó que no hubiera llamado.", english: "I was surprised that he hadn't called."),
      ]),
    TenseArticle(
      tense: .pluscuamperfectoSubjuntivoSe,
      uses: """
        The same tense as the -ra form, with the same meaning: si hubiese sabido means si \
        hubiera sabido. It is less frequent and sounds more careful, and it is more common in \
        Spain than in Latin America. Like hubiera, it can stand for habría in the main clause: \
        me hubiese gustado verte.
        """,
      formation: """
        The imperfecto de subjuntivo of haber in -se (hubiese, hubieses, hubiese, hubiésemos, \
        hubieseis, hubiesen) plus the participle: hubiese hablado, hubieses comido, hubiesen \
        vivido. Irregular participles as in every compound tense: hubiese hecho, dicho, escrito.
        """,
      examples: [
        .init(spanish: "Si hubiese llovido, nos habríamos quedado en casa.", english: "If it had rained, we would have stayed at home."),
        .init(spanish: "Ojalá me lo hubieses dicho antes.", english: "I wish you had told me earlier."),
      ]),
    TenseArticle(
      tense: .futuroPerfectoSubjuntivo,
      uses: """
        An action assumed to be finished at some future point, in a condition or relative \
        clause. Like the simple futuro de subjuntivo, it is now found only in legal and \
        administrative texts: si para esa fecha no hubiere pagado. Everyday Spanish uses the \
        perfecto de subjuntivo or de indicativo instead (haya pagado, ha pagado). Learners need \
        to recognise it, not use it.
        """,
      formation: """
        The futuro de subjuntivo of haber (hubiere, hubieres, hubiere, hubiéremos, hubiereis, \
        hubieren) plus the participle: hubiere hablado, hubieres comido, hubieren vivido. \
        Irregular participles as in every compound tense: hubiere hecho, dicho, puesto.
        """,
      examples: [
        .init(spanish: "Quien hubiere perdido su billete deberá comprar otro.", english: "Anyone who has lost their ticket must buy another."),
        .init(spanish: "Si a las doce no hubiere llegado, empezaremos sin él.", english: "If he has not arrived by twelve, we will start without him."),
      ]),
  ]
}
