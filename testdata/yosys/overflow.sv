// A 4-bit counter whose assertion fails when it reaches 10 (step 10).
module overflow (input clk, output reg [3:0] count);
  initial count = 0;
  always @(posedge clk) count <= count + 1;
  always @(posedge clk) assert (count != 10);
endmodule
