// A 4-word memory and a record of its last write: reading the last
// address written gives the last value written (BMC passes).
module memory (input clk, input we, input [1:0] wa, input [7:0] wd,
               input [1:0] ra, output [7:0] rd);
  reg [7:0] m [0:3];
  reg [1:0] la;
  reg [7:0] ld;
  reg valid;
  initial valid = 0;
  assign rd = m[ra];
  always @(posedge clk)
    if (we) begin
      m[wa] <= wd;
      la <= wa;
      ld <= wd;
      valid <= 1;
    end
  always @* if (valid && ra == la) assert (rd == ld);
endmodule
