import re,sys
src, dst, export, pred_kind, pred_arg, header = sys.argv[1:7]
s=open(src).read()
lines=s.split('\n')
# find object body
start=next(i for i,l in enumerate(lines) if re.match(r'^export const \w+ = \{$',l))
end=max(i for i,l in enumerate(lines) if l.startswith('} as const satisfies') or l=='};' or l.startswith('} satisfies'))
body=lines[start+1:end]
items=[]  # (kind, text-lines)
i=0
while i<len(body):
    l=body[i]
    m=re.match(r"^  '([a-z0-9-]+)': \{$",l)
    if m:
        j=i
        while body[j]!='  },': j+=1
        items.append(('entry',m.group(1),body[i:j+1])); i=j+1
    else:
        items.append(('line',None,[l])); i+=1
def moved(name, group):
    if pred_kind=='prefix': return any(name.startswith(p) for p in pred_arg.split(','))
    if pred_kind=='group': return any(g in group for g in pred_arg.split('|'))
keep=[];move=[];group=''
for k,n,t in items:
    if k=='line':
        if t[0].strip().startswith('//'): group=t[0].strip()
        keep.append((k,n,t)); move.append((k,n,t)); continue
    (move if moved(n,group) else keep).append((k,n,t))
def clean(lst):
    out=[]
    for idx,(k,n,t) in enumerate(lst):
        if k=='line' and t[0].strip().startswith('//'):
            # keep comment only if next non-comment item is an entry
            nxt=next((x for x in lst[idx+1:] if not (x[0]=='line' and x[2][0].strip().startswith('//'))),None)
            if not nxt or nxt[0]!='entry': continue
        out.extend(t)
    return out
kept=clean(keep); mv=clean(move)
name=re.match(r'^export const (\w+) = \{$',lines[start]).group(1)
newsrc='\n'.join(lines[:start+1]+kept+lines[end:])
open(src,'w').write(newsrc)
closing=lines[end]
imp=[l for l in lines[:start] if l.startswith('import type { FaultEntry }')][0]
imp=imp.replace("'../fault-entry.js'","'"+('../'*(dst.count('/')-1))+"fault-entry.js'")
open(dst,'w').write(header.replace('\\n','\n')+'\n'+imp+'\n\nexport const '+export+' = {\n'+'\n'.join(mv)+'\n'+closing+'\n')
print(len(newsrc.split('\n')), len(mv))
